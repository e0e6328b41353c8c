/**
 * The Get prompt dialog (spec 000_87e5fbf87b6c3f39.txt §2): 'Loading prompt...', then the prompt with a copy button (and
 * 'Copied!' for 1 second) or 'Could not fetch prompt. Please try again later.'. Refusals that trying again would
 * not fix read differently, in the server's words: on a stage that sells prompts, a purchase the server could not
 * verify (e.g. the fallback checkout, where nothing was paid), a refunded purchase, a purchase of another browser
 * or account, or too many requests for one purchase. The marketplace reads prompts for this browser; My
 * purchases (the profile) reads them for the account, on any device (`query`). A native modal <dialog> gives focus
 * containment, Escape to close and return of focus for free.
 */
import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { tailorLinkText } from '@shared/content/prompt-studio/apps';
import { purchaseNotVerifiedMessage, type PromptRequest } from '@shared/contract/schemas/prompt';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { ApiError } from '../../../lib/api';
import { getPromptQueryOptions } from '../api/get-prompt';

/**
 * Where the dialog reads the prompt: by default the marketplace's Get prompt (this browser's purchase, its session
 * and the httpOnly cookie the server set); My purchases passes the account's read (api/account-prompt.ts).
 */
export interface PromptQuery {
  readonly queryKey: QueryKey;
  // The read's own key type: each read's options (queryOptions()) type their fetcher's key exactly.
  readonly queryFn?: unknown;
}

const COPIED_MS = 1000;

const fetchFailedMessage = 'Could not fetch prompt. Please try again later.';

/** What the server says when asking again would not help. */
const finalRefusals: readonly string[] = [
  purchaseNotVerifiedMessage,
  purchaseMessages.refunded,
  purchaseMessages.otherBrowser,
  purchaseMessages.notInAccount,
  purchaseMessages.tooManyPrompts,
];

/** The spec's generic text, unless the server refused for a reason the buyer must know. */
function errorMessage(error: unknown): string {
  const known = error instanceof ApiError && (error.status === 403 || error.status === 429) && finalRefusals.includes(error.serverMessage ?? '');
  return known ? (error.serverMessage as string) : fetchFailedMessage;
}

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

export interface PromptDialogProps {
  request: PromptRequest;
  appName: string;
  onClose: () => void;
  query?: PromptQuery;
  /** The purchase's customization form (issue 40), offered beside the spec's texts when there is one. */
  tailorHref?: string | undefined;
}

export function PromptDialog({ request, appName, onClose, query, tailorHref }: PromptDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Passing failures are retried (the spec's 3 retries) while 'Loading prompt...' stays; the error shows only when
  // they are used up. A prompt fetched in the last 5 minutes shows at once; closing the dialog cancels the read.
  const read = query ?? getPromptQueryOptions(request);
  const prompt = useQuery<string, Error>({ queryKey: read.queryKey, queryFn: read.queryFn as QueryFunction<string> });
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await copyText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog-panel prompt-dialog" aria-labelledby="prompt-dialog-title" aria-describedby="prompt-dialog-subtitle" onClose={onClose}>
      <div className="prompt-dialog-header">
        <div>
          <h2 id="prompt-dialog-title">Here is your AI system prompt</h2>
          <p id="prompt-dialog-subtitle">Copy and use this in your AI app or workflow.</p>
          {tailorHref ? (
            <Link className="prompt-tailor" to={tailorHref}>
              {tailorLinkText}
            </Link>
          ) : null}
        </div>
        <button type="button" className="button button-secondary prompt-dialog-close" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      <div className="prompt-dialog-body" aria-live="polite" aria-busy={prompt.isPending}>
        {prompt.isPending ? <p className="prompt-status">Loading prompt...</p> : null}
        {prompt.isError ? (
          <p className="prompt-status prompt-error" role="alert">
            {errorMessage(prompt.error)}
          </p>
        ) : null}
        {prompt.isSuccess ? (
          <>
            <div className="prompt-actions">
              <span className="prompt-app">{appName}</span>
              <button type="button" className="button button-primary" onClick={() => void copy(prompt.data)}>
                {copied ? 'Copied!' : 'Copy prompt'}
              </button>
            </div>
            {/* Focusable so keyboard users can scroll a long prompt. */}
            {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <pre className="prompt-text" tabIndex={0} aria-label="AI system prompt">
              {prompt.data}
            </pre>
          </>
        ) : null}
      </div>
    </dialog>
  );
}
