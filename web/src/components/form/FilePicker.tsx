/**
 * The attachments picker of the forms that take files (the demo dialog, the Idea Hub): pick several files in one
 * go or a few at a time, see them listed by name and size, remove one, and watch each upload's progress while
 * the form is sent. The same file picked twice is listed once. A selection that breaks the form's rules
 * (shared/contract/uploads.ts, spec 000_87e5fbf87b6c3f39.txt §5) shows the rule's message in a destructive alert until the next valid
 * choice; whether it also clears the files chosen before is the form's rule (`clearsSelectionOnError`).
 */
import type { ChangeEvent } from 'react';
import { MAX_FILES, checkFiles, fileRules, type UploadForm } from '@shared/contract/upload-rules';
import { formatFileSize } from '../../lib/uploads';
import './form.css';

export interface FilePickerProps {
  readonly id: string;
  readonly label: string;
  /** Whose rules apply: the accepted types, the messages, the hint. */
  readonly form: UploadForm;
  readonly files: readonly File[];
  readonly error: string | undefined;
  /** Upload progress per file (0..1) while sending; undefined when idle. */
  readonly progress: readonly number[] | undefined;
  readonly disabled: boolean;
  readonly onChange: (files: File[], error: string | undefined) => void;
  /** Shows 'Selected files: n/5' under the input (the Idea Hub, spec 000_87e5fbf87b6c3f39.txt §2). */
  readonly showCount?: boolean;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

export function FilePicker({ id, label, form, files, error, progress, disabled, onChange, showCount = false }: FilePickerProps) {
  const rules = fileRules[form];
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.currentTarget.files ?? []);
    // Cleared so that picking the same file again (after removing it) fires a change.
    event.currentTarget.value = '';
    if (picked.length === 0) return;
    const next = [...files, ...picked.filter((p) => !files.some((f) => sameFile(f, p)))];
    const problem = checkFiles(form, next);
    if (problem) onChange(rules.clearsSelectionOnError ? [] : [...files], problem);
    else onChange(next, undefined);
  }

  const describedBy = [hintId, showCount ? countId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="form-field form-field-wide">
      <label htmlFor={id}>{label}</label>
      <p id={hintId} className="form-hint">
        {rules.hint}
      </p>
      <input
        id={id}
        name="files"
        type="file"
        className="form-file-input"
        multiple
        accept={rules.accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={pick}
      />
      {error ? (
        <div id={errorId} className="form-alert" role="alert">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="10" />
            <path d="M12 7v6M12 17h.01" strokeLinecap="round" />
          </svg>
          <p>{error}</p>
        </div>
      ) : null}
      {showCount ? (
        <p id={countId} className="form-file-count">
          Selected files: {files.length}/{MAX_FILES}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="form-files" aria-label={`Selected files (${files.length}/${MAX_FILES})`}>
          {files.map((file, i) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span className="form-file-name">{file.name}</span>
              <span className="form-file-size">{formatFileSize(file.size)}</span>
              {progress ? (
                <progress max={1} value={progress[i] ?? 0} aria-label={`Uploading ${file.name}`}>
                  {Math.round((progress[i] ?? 0) * 100)}%
                </progress>
              ) : (
                <button
                  type="button"
                  className="form-file-remove"
                  disabled={disabled}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onChange(files.filter((_, j) => j !== i), undefined)}
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
