/**
 * The Get prompt dialog (spec section 2): 'Loading prompt...', then the prompt with a copy button (and
 * 'Copied!' for 1 second) or 'Could not fetch prompt. Please try again later.'. A native modal <dialog>
 * gives focus containment, Escape to close and return of focus for free.
 */
import { useEffect, useRef, useState } from 'react';
import type { PromptRequest } from '@shared/contract/schemas/prompt';
import { cachedPrompt, fetchPrompt } from '../api/prompts';

const COPIED_MS = 1000;

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; prompt: string };

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins have no async clipboard API.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

export function PromptDialog({ request, appName, onClose }: { request: PromptRequest; appName: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  // A prompt fetched in the last 5 minutes shows at once, without a 'Loading prompt...' flash.
  const [state, setState] = useState<State>(() => {
    const prompt = cachedPrompt(request);
    return prompt === undefined ? { status: 'loading' } : { status: 'ready', prompt };
  });
  const [copied, setCopied] = useState(false);
  const key = JSON.stringify(request);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    // The dialog is mounted per app (keyed), so this runs once per request. fetchPrompt retries passing failures
    // (the spec's 3 retries) while 'Loading prompt...' stays; the error shows only when they are used up.
    const controller = new AbortController();
    fetchPrompt(JSON.parse(key) as PromptRequest, controller.signal).then(
      (prompt) => setState({ status: 'ready', prompt }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [key]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (prompt: string) => {
    try {
      await copyText(prompt);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <dialog ref={ref} className="prompt-dialog" aria-labelledby="prompt-dialog-title" aria-describedby="prompt-dialog-subtitle" onClose={onClose}>
      <div className="prompt-dialog-header">
        <div>
          <h2 id="prompt-dialog-title">Here is your AI system prompt</h2>
          <p id="prompt-dialog-subtitle">Copy and use this in your AI app or workflow.</p>
        </div>
        <button type="button" className="button button-secondary prompt-dialog-close" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      <div className="prompt-dialog-body" aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? <p className="prompt-status">Loading prompt...</p> : null}
        {state.status === 'error' ? (
          <p className="prompt-status prompt-error" role="alert">
            Could not fetch prompt. Please try again later.
          </p>
        ) : null}
        {state.status === 'ready' ? (
          <>
            <div className="prompt-actions">
              <span className="prompt-app">{appName}</span>
              <button type="button" className="button button-primary" onClick={() => void copy(state.prompt)}>
                {copied ? 'Copied!' : 'Copy prompt'}
              </button>
            </div>
            {/* Focusable so keyboard users can scroll a long prompt. */}
            {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <pre className="prompt-text" tabIndex={0} aria-label="AI system prompt">
              {state.prompt}
            </pre>
          </>
        ) : null}
      </div>
    </dialog>
  );
}
