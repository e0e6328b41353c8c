/** The local webhook inbox (infra/local/webhook-inbox.ts): what the site sent to the automation webhooks. */
import type { WebhookCall } from '../../infra/local/webhook-inbox';
import { localStack } from './local-stack';

export type { WebhookCall };

function base(inboxUrl?: string): string {
  return (inboxUrl ?? localStack().webhookInboxUrl).replace(/\/+$/, '');
}

/** Recorded calls, oldest first; `name` = the hook (`test`, `prod`). */
export async function webhookCalls(opts: { name?: string; since?: Date | number; inboxUrl?: string } = {}): Promise<WebhookCall[]> {
  const url = `${base(opts.inboxUrl)}/calls.json${opts.name ? `?name=${encodeURIComponent(opts.name)}` : ''}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Webhook inbox answered ${response.status}`);
  const calls = (await response.json()) as WebhookCall[];
  const since = opts.since === undefined ? undefined : Number(opts.since);
  return since === undefined ? calls : calls.filter((c) => Date.parse(c.at) >= since);
}

/** Waits until at least `count` calls match; returns them. */
export async function waitForWebhookCalls(
  opts: { name?: string; since?: Date | number; count?: number; timeoutMs?: number; where?: (call: WebhookCall) => boolean; inboxUrl?: string } = {},
): Promise<WebhookCall[]> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const calls = (await webhookCalls(opts)).filter(opts.where ?? (() => true));
    if (calls.length >= (opts.count ?? 1)) return calls;
    if (Date.now() > deadline) throw new Error(`Expected ${opts.count ?? 1} webhook call(s)${opts.name ? ` to ${opts.name}` : ''}, got ${calls.length}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Make hook `name` answer `status` (e.g. 503) for `times` calls, or until `restoreHook`. */
export async function failHook(name: string, status: number, times?: number, inboxUrl?: string): Promise<void> {
  const response = await fetch(`${base(inboxUrl)}/hooks-control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, status, times }),
  });
  if (!response.ok) throw new Error(`Webhook inbox answered ${response.status}`);
}

/** Make hook `name` answer only after `delayMs` (a slow receiver), with `status` (default 200), until restored. */
export async function slowHook(name: string, delayMs: number, opts: { status?: number; times?: number; inboxUrl?: string } = {}): Promise<void> {
  const response = await fetch(`${base(opts.inboxUrl)}/hooks-control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, status: opts.status ?? 200, delayMs, times: opts.times }),
  });
  if (!response.ok) throw new Error(`Webhook inbox answered ${response.status}`);
}

/** Make hook `name` answer `answer` as its JSON body (status 200), until restored. */
export async function answerHook(name: string, answer: unknown, inboxUrl?: string): Promise<void> {
  const response = await fetch(`${base(inboxUrl)}/hooks-control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, status: 200, answer }),
  });
  if (!response.ok) throw new Error(`Webhook inbox answered ${response.status}`);
}

export async function restoreHook(name: string, inboxUrl?: string): Promise<void> {
  await failHook(name, 200, undefined, inboxUrl);
}

export async function restoreAllHooks(inboxUrl?: string): Promise<void> {
  await fetch(`${base(inboxUrl)}/hooks-control`, { method: 'DELETE' });
}

export async function clearWebhookCalls(inboxUrl?: string): Promise<void> {
  await fetch(`${base(inboxUrl)}/clear`, { method: 'POST' });
}
