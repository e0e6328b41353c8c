/**
 * The files picked for a form (the demo dialog, the Idea Hub) and the picker's complaint about them, or the
 * server's. `picker` is what FilePicker takes of it; a new choice replaces both the files and the complaint.
 */
import { useState } from 'react';

export function useAttachments() {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const onChange = (next: File[], problem: string | undefined) => {
    setFiles(next);
    setError(problem);
  };
  return {
    files,
    error,
    setError,
    /** After a successful submission: no files, no complaint. */
    clear: () => onChange([], undefined),
    picker: { files, error, onChange },
  };
}
