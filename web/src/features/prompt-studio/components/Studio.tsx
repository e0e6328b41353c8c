/**
 * The customization form of one purchase and its versions (issue 40): the studio page's lazy chunk, with the
 * answers' schemas, the form's controls and the version list (the diff is a chunk of its own, loaded to compare).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { checkAnswers, readAnswersFile, type StudioAppId } from '@shared/contract/schemas/prompt-studio/answers';
import type { PromptFileFormat, StudioState } from '@shared/contract/prompt-studio';
import { ApiError } from '../../../lib/api';
import { createVersion } from '../api/create-version';
import { downloadFile } from '../api/download-file';
import { openStudioQueryOptions, studioQueryKey, useStudio } from '../api/open-studio';
import type { StudioMode } from '../api/studio-routes';
import { keepStateText, useKeptAnswers } from '../hooks/use-kept-answers';
import { startingAnswers } from '../utils/kept-answers';
import { messageOf } from '../utils/message-of';
import { AnswersProvider, idOf } from './answers-context';
import { AgentFields, ContentFields, SupportFields } from './AppFields';
import { CompareVersions, VersionList } from './Versions';
import { VersionPanel } from './VersionPanel';

const fieldsOf: Readonly<Record<StudioAppId, () => React.JSX.Element>> = {
  'ai-system-prompt-generator': AgentFields,
  'ai-content-generator': ContentFields,
  'ai-customer-support': SupportFields,
};

export default function Studio({ mode, who, state }: { mode: StudioMode; who: string | undefined; state: StudioState }) {
  const { sessionId, appId, appName } = state.purchase;
  const queryClient = useQueryClient();
  const kept = useKeptAnswers(mode, sessionId, startingAnswers(sessionId, state));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [shown, setShown] = useState<number | undefined>(state.version?.number);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; alert: boolean } | undefined>(state.lastFailure ? { text: state.lastFailure.message, alert: true } : undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const version = useStudio(mode, sessionId, who, shown).data?.version ?? (shown === state.version?.number ? state.version : undefined);
  const Fields = fieldsOf[appId];

  const refresh = async (n?: number) => {
    await queryClient.invalidateQueries({ queryKey: studioQueryKey(mode, sessionId, who) });
    if (n !== undefined) setShown(n);
  };
  const run = async (action: () => Promise<{ version: { number: number } }>, done: string) => {
    setBusy(true);
    setNotice(undefined);
    try {
      const { version: saved } = await action();
      await refresh(saved.number);
      setNotice({ text: `${done} Version ${saved.number} is saved.`, alert: false });
      return true;
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      setNotice({ text: messageOf(error, 'Could not save the version. Your answers are kept; please try again.'), alert: true });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const checked = checkAnswers(appId, kept.answers);
    if (!checked.ok) {
      setErrors(checked.errors);
      setNotice({ text: 'Please check the highlighted fields.', alert: true });
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    await run(() => createVersion(mode, { sessionId, source: 'answers', answers: checked.answers as unknown as Record<string, unknown> }), 'Your prompt is written.');
  };

  const restore = (n: number) =>
    void run(async () => {
      const answer = await createVersion(mode, { sessionId, source: 'restore', version: n });
      if (answer.version.answers) kept.replace(answer.version.answers, false);
      return answer;
    }, `Version ${n} is restored.`);

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    const result = readAnswersFile(await file.text(), appId);
    if (!result.ok) return setNotice({ text: result.message, alert: true });
    kept.replace(result.answers);
    setErrors({});
    setNotice({ text: 'The answers from the file are loaded. Save a new version to write the prompt from them.', alert: false });
  };

  const download = (format: PromptFileFormat) =>
    version && void downloadFile(mode, sessionId, version.number, format).catch((error: unknown) => setNotice({ text: messageOf(error, 'Could not download the file. Please try again.'), alert: true }));

  return (
    <AnswersProvider value={{ answers: kept.answers, set: kept.set, errors }}>
      <p className="studio-lead">
        Answer the questions about your business, then save: your prompt is written from your answers. Every save is a new version you can compare, restore,
        edit by hand and download.
      </p>
      <div className="studio-layout">
        <form
          className="studio-form"
          aria-label={`Customization form: ${appName}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="studio-load">
            <label htmlFor="studio-load-file">Load answers from a file (.json)</label>
            <input id="studio-load-file" ref={fileInput} type="file" accept="application/json,.json" onChange={(e) => void loadFile(e.target.files?.[0])} />
          </div>
          <Fields />
          <div className="studio-save">
            <button type="submit" className="button button-primary" disabled={busy}>
              Save a new version
            </button>
            <output className="studio-kept">{keepStateText(kept.state)}</output>
          </div>
        </form>
        <div className="studio-results">
          {notice ? (
            <p className={notice.alert ? 'studio-notice studio-notice-alert' : 'studio-notice'} role={notice.alert ? 'alert' : 'status'}>
              {notice.text}
            </p>
          ) : null}
          {version ? (
            <VersionPanel
              key={`version-${version.number}`}
              version={version}
              busy={busy}
              onDownload={download}
              onSaveEdit={(text) => run(() => createVersion(mode, { sessionId, source: 'edit', basedOn: version.number, text }), 'Your edit is saved.')}
            />
          ) : (
            <p>No version yet: answer the questions and save to write your first prompt.</p>
          )}
          {state.versions.length > 0 ? <VersionList versions={state.versions} shown={version?.number} busy={busy} onShow={setShown} onRestore={restore} /> : null}
          {state.versions.length > 1 ? (
            <CompareVersions
              key={`compare-${state.versions[0]?.number}`}
              versions={state.versions}
              load={async (n) => {
                const s = await queryClient.fetchQuery(openStudioQueryOptions(mode, sessionId, who, n));
                if (!s.version) throw new Error('no such version');
                return s.version;
              }}
            />
          ) : null}
        </div>
      </div>
    </AnswersProvider>
  );
}
