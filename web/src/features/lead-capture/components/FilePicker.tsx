/**
 * The demo form's optional attachments: pick up to 5 files (10MB each, the listed formats), see them listed,
 * remove one, and watch each upload's progress while the form is sent. A selection that breaks a rule is not
 * added; its message (spec section 5, word for word) shows until the next valid choice.
 */
import { useId, useRef } from 'react';
import { checkFiles, fileRules } from '../../../../../shared/uploads';
import { ErrorText } from '../../../components/form/fields';
import { formatFileSize } from '../../../lib/uploads';

export interface FilePickerProps {
  readonly files: readonly File[];
  readonly error: string | undefined;
  /** Upload progress per file (0..1) while sending; undefined when idle. */
  readonly progress: readonly number[] | undefined;
  readonly disabled: boolean;
  readonly onChange: (files: File[], error: string | undefined) => void;
}

export function FilePicker({ files, error, progress, disabled, onChange }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const inputId = `demo-files-${id}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  function pick(list: FileList | null) {
    const chosen = list ? Array.from(list) : [];
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const next = [...files, ...chosen];
    const problem = checkFiles('demoRequest', next);
    if (problem) onChange([...files], problem);
    else onChange(next, undefined);
  }

  return (
    <div className="form-field form-field-wide">
      <label htmlFor={inputId}>Attachments (optional)</label>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="lead-file-input"
        multiple
        accept={fileRules.demoRequest.accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        onChange={(e) => pick(e.currentTarget.files)}
      />
      <p id={hintId} className="form-hint">
        Up to 5 files of at most 10MB each: images (JPEG, PNG, GIF), PDF, Word, PowerPoint, Excel, CSV or text.
      </p>
      <div role="alert">
        <ErrorText id={errorId} message={error} />
      </div>
      {files.length > 0 ? (
        <ul className="lead-files" aria-label={`Selected files (${files.length}/5)`}>
          {files.map((file, i) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}-${i}`}>
              <span className="lead-file-name">{file.name}</span>
              <span className="lead-file-size">{formatFileSize(file.size)}</span>
              {progress ? (
                <progress max={1} value={progress[i] ?? 0} aria-label={`Uploading ${file.name}`}>
                  {Math.round((progress[i] ?? 0) * 100)}%
                </progress>
              ) : (
                <button
                  type="button"
                  className="lead-file-remove"
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
