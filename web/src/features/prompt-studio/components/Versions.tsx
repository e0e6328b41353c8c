/**
 * The versions of a purchase's prompt (issue 40, "unlimited revisions"): each with its time and where it came from,
 * shown, restored (a new version with its text and answers) or compared with another as a readable diff.
 */
import { useState } from 'react';
import { versionSourceLabels, type PromptVersion, type VersionSummary } from '@shared/contract/prompt-studio';
import type { DiffRow } from '../utils/line-diff';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function VersionList({ versions, shown, busy, onShow, onRestore }: { versions: readonly VersionSummary[]; shown: number | undefined; busy: boolean; onShow: (n: number) => void; onRestore: (n: number) => void }) {
  return (
    <table className="studio-versions">
      <caption>Versions, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Version</th>
          <th scope="col">Saved</th>
          <th scope="col">How</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.number} aria-current={v.number === shown ? 'true' : undefined}>
            <th scope="row">Version {v.number}</th>
            <td>
              <time dateTime={v.createdAt}>{when(v.createdAt)}</time>
            </td>
            <td>
              {versionSourceLabels[v.source]}
              {v.basedOn ? ` (from version ${v.basedOn})` : ''}
            </td>
            <td className="studio-version-actions">
              <button type="button" className="button button-secondary" onClick={() => onShow(v.number)} disabled={v.number === shown}>
                Show version {v.number}
              </button>
              <button type="button" className="button button-secondary" onClick={() => onRestore(v.number)} disabled={busy}>
                Restore version {v.number}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Two versions side by side as one diff: removed lines with '-', added with '+', the rest as they are. */
export function CompareVersions({ versions, load }: { versions: readonly VersionSummary[]; load: (n: number) => Promise<PromptVersion> }) {
  const [from, setFrom] = useState(versions[1]?.number ?? versions[0]?.number ?? 1);
  const [to, setTo] = useState(versions[0]?.number ?? 1);
  const [rows, setRows] = useState<{ list: DiffRow[]; text: (row: DiffRow) => string; counts: { added: number; removed: number } } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const compare = async () => {
    setError(undefined);
    try {
      // The diff library loads when a buyer first compares: the studio opens without it.
      const [a, b, { lineDiff, rowText, changeCounts }] = await Promise.all([load(from), load(to), import('../utils/line-diff')]);
      const list = lineDiff(a.text, b.text);
      setRows({ list, text: rowText, counts: changeCounts(list) });
    } catch {
      setError('Could not load the versions to compare. Please try again.');
    }
  };
  const options = versions.map((v) => (
    <option key={v.number} value={v.number}>
      Version {v.number}
    </option>
  ));
  const counts = rows?.counts;
  return (
    <section className="studio-compare" aria-labelledby="studio-compare-title">
      <h3 id="studio-compare-title">Compare two versions</h3>
      <div className="studio-compare-choice">
        <label htmlFor="studio-compare-from">From</label>
        <select id="studio-compare-from" value={from} onChange={(e) => setFrom(Number(e.target.value))}>
          {options}
        </select>
        <label htmlFor="studio-compare-to">To</label>
        <select id="studio-compare-to" value={to} onChange={(e) => setTo(Number(e.target.value))}>
          {options}
        </select>
        <button type="button" className="button button-secondary" onClick={() => void compare()}>
          Compare
        </button>
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {rows && counts ? (
        <>
          <p aria-live="polite">
            From version {from} to version {to}: {counts.added} {counts.added === 1 ? 'line' : 'lines'} added, {counts.removed} removed.
          </p>
          {/* Focusable so keyboard users can scroll a long diff. */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <pre className="studio-diff" tabIndex={0} aria-label={`Changes from version ${from} to version ${to}`}>
            {rows.list.map((row, i) => (
              <span key={i} className={`studio-diff-${row.kind}`}>
                {rows.text(row)}
                {'\n'}
              </span>
            ))}
          </pre>
        </>
      ) : null}
    </section>
  );
}
