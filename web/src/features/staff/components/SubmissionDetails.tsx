/**
 * Every field as the visitor sent it, and the files with their short-lived download links. React renders every
 * value as text, so markup a visitor typed shows as the characters it is; line breaks are kept (CSS pre-wrap).
 */
import type { SubmissionView } from '@shared/contract/staff-console';
import { formatBytes } from '../utils/format';

export function SubmissionDetails({ submission }: { submission: SubmissionView }) {
  return (
    <>
      <section className="staff-section" aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <dl className="staff-fields">
          {submission.fields.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value === '' ? '-' : f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="staff-section" aria-labelledby="files-title">
        <h2 id="files-title">Files</h2>
        {submission.files.length === 0 ? (
          <p>No files.</p>
        ) : (
          <ul className="staff-files">
            {submission.files.map((f) => (
              <li key={f.url}>
                <a href={f.url} download={f.name}>
                  {f.name}
                </a>{' '}
                <span className="staff-muted">
                  ({f.type}, {formatBytes(f.size)}; the link works for 5 minutes)
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
