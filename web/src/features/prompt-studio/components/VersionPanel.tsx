/**
 * One version of the prompt: its text, downloads (Markdown, plain text, the answers as JSON) and an editor to change
 * it by hand, saved as a version of its own.
 */
import { useState } from 'react';
import { PROMPT_TEXT_MAX, type PromptFileFormat, type PromptVersion } from '@shared/contract/prompt-studio';

const downloads: readonly { format: PromptFileFormat; label: string }[] = [
  { format: 'md', label: 'Download Markdown (.md)' },
  { format: 'txt', label: 'Download plain text (.txt)' },
  { format: 'json', label: 'Download answers (.json)' },
];

export function VersionPanel({
  version,
  busy,
  onDownload,
  onSaveEdit,
}: {
  version: PromptVersion;
  busy: boolean;
  onDownload: (format: PromptFileFormat) => void;
  onSaveEdit: (text: string) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(version.text);
  return (
    <section className="studio-version" aria-labelledby="studio-version-title">
      <h2 id="studio-version-title">Version {version.number}</h2>
      <div className="studio-downloads">
        {downloads.map((d) => (
          <button key={d.format} type="button" className="button button-secondary" onClick={() => onDownload(d.format)}>
            {d.label}
          </button>
        ))}
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={editing}
          onClick={() => {
            setDraft(version.text);
            setEditing(!editing);
          }}
        >
          Edit by hand
        </button>
      </div>
      {editing ? (
        <form
          className="studio-edit"
          onSubmit={(e) => {
            e.preventDefault();
            void onSaveEdit(draft).then((saved) => saved && setEditing(false));
          }}
        >
          <label htmlFor="studio-edit-text">Prompt text (saved as a new version)</label>
          <textarea id="studio-edit-text" rows={18} maxLength={PROMPT_TEXT_MAX} value={draft} onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" className="button button-primary" disabled={busy}>
            Save edited prompt
          </button>
        </form>
      ) : (
        // Focusable so keyboard users can scroll a long prompt.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <pre className="studio-prompt" tabIndex={0} aria-label={`Prompt, version ${version.number}`}>
          {version.text}
        </pre>
      )}
    </section>
  );
}
