/**
 * The supporting-documents picker (spec sections 2 and 5): several files, picked in one go or a few at a
 * time, listed by name with a count 'n/5'. The rules are stated next to it; a selection that breaks them
 * shows the spec's message in a destructive alert and is cleared, as the original did.
 */
import type { ChangeEvent } from 'react';
import { MAX_FILES, checkFiles, fileRules } from '../../../../../shared/uploads';
import { formatFileSize } from '../../../lib/uploads';

interface DocumentPickerProps {
  readonly files: readonly File[];
  readonly error: string | null;
  readonly onChange: (files: File[], error: string | null) => void;
  readonly disabled: boolean;
  /** Upload progress per file (0..1) while the form is sending. */
  readonly progress: readonly number[] | null;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** The rules as the visitor reads them (spec: accepts .csv, .xlsx, .pptx, .pdf, .txt, .mp3; 10MB each; up to 5). */
export const fileRulesText = `Accepted formats: ${fileRules.idea.extensions.map((e) => `.${e}`).join(', ')}. Up to ${MAX_FILES} files, 10MB each.`;

export function DocumentPicker({ files, error, onChange, disabled, progress }: DocumentPickerProps) {
  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again (after removing it) fires a change.
    event.target.value = '';
    if (picked.length === 0) return;
    const next = [...files, ...picked.filter((p) => !files.some((f) => sameFile(f, p)))];
    const problem = checkFiles('idea', next);
    if (problem) onChange([], problem);
    else onChange(next, null);
  }

  const describedBy = ['idea-files-rules', 'idea-files-count', error ? 'idea-files-error' : ''].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor="idea-files">Supporting documents (optional)</label>
      <p id="idea-files-rules" className="form-hint">
        {fileRulesText}
      </p>
      <input
        id="idea-files"
        name="files"
        type="file"
        className="idea-file-input"
        multiple
        accept={fileRules.idea.accept}
        onChange={onPick}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <div id="idea-files-error" className="idea-alert" role="alert">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="10" />
            <path d="M12 7v6M12 17h.01" strokeLinecap="round" />
          </svg>
          <p>{error}</p>
        </div>
      ) : null}
      <p id="idea-files-count" className="idea-file-count">
        Selected files: {files.length}/{MAX_FILES}
      </p>
      {files.length > 0 ? (
        <ul className="idea-file-list" aria-label="Selected files">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span className="idea-file-name">{file.name}</span>
              <span className="idea-file-size">{formatFileSize(file.size)}</span>
              {progress ? (
                <progress value={progress[index] ?? 0} max={1} aria-label={`Uploading ${file.name}`} />
              ) : (
                <button
                  type="button"
                  className="idea-file-remove"
                  onClick={() => onChange(files.filter((_, i) => i !== index), null)}
                  disabled={disabled}
                  aria-label={`Remove ${file.name}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
