/**
 * The local stand-in for the automation webhooks: every call to `/hooks/<name>` is recorded (method, path,
 * headers, body) and answered 200 `{ ok: true }`, so a person can see what the site sent (`/`, HTML) and tests
 * can read it (`/calls.json`). Calls are kept in the state folder, so they survive a restart: saved at most every
 * `saveEveryMs` and on stop, not on every call (a burst of deliveries would rewrite the whole list each time).
 *
 *   GET  /                      the calls as a page
 *   GET  /calls.json[?name=x]   the calls as JSON, oldest first
 *   POST /clear                 forget every call
 *   POST /hooks-control         { name, status?, delayMs?, times?, answer? }: answer `status` (e.g. 503) to hook
 *                               `name`, after waiting `delayMs` (a slow receiver; at most 60 s), with `answer` as
 *                               the JSON body (instead of `{ ok }`: the prompt webhook's prompt, say), for `times`
 *                               calls or until reset; { name } or { name, status: 200 } without a delay or an
 *                               answer, or DELETE /hooks-control, resets
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { localOnly } from './local-only';
import { choosePort, closeServer, escapeHtml, handlingServer, HOST, listen, readBody, sendJson } from './net';
import type { LocalService } from './service';
import { readJson, writeJson } from './state';

export interface WebhookCall {
  id: string;
  /** ISO time the call arrived. */
  at: string;
  name: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body as text (UTF-8), or base64 when `bodyEncoding` says so. */
  body: string;
  bodyEncoding: 'utf8' | 'base64';
  /** The status the inbox answered (200 unless a failure was requested through /hooks-control). */
  status: number;
}

interface Failure {
  status: number;
  /** How long to wait before answering (a slow receiver); 0 = at once. */
  delayMs: number;
  /** Calls left to fail; undefined = until reset. */
  remaining?: number;
  /** The JSON body to answer with, when set. */
  answer?: unknown;
}

/** Longest delay /hooks-control accepts: past the callers' own timeouts, still bounded. */
const maxDelayMs = 60_000;

/** How many calls the inbox keeps (the oldest go first). */
export const maxCalls = 1000;

/** How long a recorded call may wait to be saved to the state folder (a stop saves at once). */
const saveEveryMs = 500;

export interface WebhookInbox {
  url: string;
  port: number;
  calls(): WebhookCall[];
  stop(): Promise<void>;
}

function isUtf8(buffer: Buffer): boolean {
  return Buffer.from(buffer.toString('utf8'), 'utf8').equals(buffer);
}

function page(calls: WebhookCall[]): string {
  const rows = calls
    .slice()
    .reverse()
    .map((c) => {
      let body = c.body;
      if (c.bodyEncoding === 'utf8') {
        try {
          body = JSON.stringify(JSON.parse(c.body), null, 2);
        } catch {
          // not JSON: show as sent
        }
      } else {
        body = `(binary, ${Buffer.from(c.body, 'base64').length} bytes, base64)\n${c.body.slice(0, 2000)}`;
      }
      const headers = Object.entries(c.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      return `<article>
  <h2>${escapeHtml(c.method)} ${escapeHtml(c.path)} <small>→ ${c.status} · ${escapeHtml(c.at)}</small></h2>
  <details><summary>Headers</summary><pre>${escapeHtml(headers)}</pre></details>
  <pre>${escapeHtml(body)}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local webhook inbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}article{border:1px solid #bbb;border-radius:6px;padding:0 1rem;margin:1rem 0}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:.5rem}small{color:#555;font-weight:normal}</style></head>
<body><main><h1>Local webhook inbox</h1>
<p>${calls.length} call(s) to <code>/hooks/&lt;name&gt;</code>, newest first. JSON: <a href="/calls.json">/calls.json</a>.</p>
<form method="post" action="/clear"><button type="submit">Clear</button></form>
${rows || '<p>No calls yet.</p>'}
</main></body></html>`;
}

export async function startWebhookInbox(opts: { port?: number; file?: string } = {}): Promise<WebhookInbox> {
  const calls: WebhookCall[] = opts.file ? readJson<WebhookCall[]>(opts.file, []) : [];
  const failures = new Map<string, Failure>();
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    if (opts.file) writeJson(opts.file, calls);
  };
  const persist = () => {
    if (opts.file && !saveTimer) saveTimer = setTimeout(save, saveEveryMs);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const method = req.method ?? 'GET';
    const hook = /^\/hooks\/([^/]+)\/?$/.exec(url.pathname);
    if (hook) {
      const name = decodeURIComponent(hook[1] as string);
      const body = await readBody(req, 50 * 1024 * 1024);
      const failure = failures.get(name);
      const status = failure?.status ?? 200;
      const delayMs = failure?.delayMs ?? 0;
      if (failure?.remaining !== undefined && --failure.remaining <= 0) failures.delete(name);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const utf8 = isUtf8(body);
      calls.push({
        id: randomUUID(),
        at: new Date().toISOString(),
        name,
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: utf8 ? body.toString('utf8') : body.toString('base64'),
        bodyEncoding: utf8 ? 'utf8' : 'base64',
        status,
      });
      if (calls.length > maxCalls) calls.splice(0, calls.length - maxCalls);
      persist();
      // Recorded on arrival; a slow receiver answers later (the caller may give up meanwhile).
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (failure?.answer !== undefined) sendJson(res, status, failure.answer);
      else if (status >= 200 && status < 300) sendJson(res, status, { ok: true });
      else sendJson(res, status, { ok: false, message: `Simulated failure of hook "${name}"` });
      return;
    }
    if (url.pathname === '/calls.json' && method === 'GET') {
      const name = url.searchParams.get('name');
      sendJson(res, 200, name ? calls.filter((c) => c.name === name) : calls);
      return;
    }
    if (url.pathname === '/clear' && method === 'POST') {
      calls.length = 0;
      persist();
      // The page's Clear button posts a form: send the person back to the list.
      if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        res.writeHead(303, { location: '/' }).end();
      } else {
        sendJson(res, 200, { ok: true });
      }
      return;
    }
    if (url.pathname === '/hooks-control') {
      if (method === 'DELETE') {
        failures.clear();
        sendJson(res, 200, { ok: true });
        return;
      }
      if (method === 'POST') {
        let input: { name?: unknown; status?: unknown; delayMs?: unknown; times?: unknown; answer?: unknown };
        try {
          input = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}') as typeof input;
        } catch {
          sendJson(res, 400, { message: 'Body must be JSON { name, status?, delayMs?, times? }' });
          return;
        }
        const { name, status, delayMs, times, answer: body } = input;
        const given = (v: unknown) => v !== undefined && v !== null;
        if (
          typeof name !== 'string' ||
          !name ||
          (given(status) && (typeof status !== 'number' || status < 200 || status > 599)) ||
          (given(delayMs) && (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0 || delayMs > maxDelayMs))
        ) {
          sendJson(res, 400, { message: `Body must be JSON { name, status? (200-599), delayMs? (0-${maxDelayMs}), times? }` });
          return;
        }
        const answer = typeof status === 'number' ? status : 200;
        const delay = typeof delayMs === 'number' ? delayMs : 0;
        if (answer === 200 && delay === 0 && body === undefined) failures.delete(name);
        else failures.set(name, { status: answer, delayMs: delay, remaining: typeof times === 'number' && times > 0 ? times : undefined, ...(body === undefined ? {} : { answer: body }) });
        sendJson(res, 200, { ok: true });
        return;
      }
    }
    if (url.pathname === '/' && method === 'GET') {
      const html = page(calls);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
      return;
    }
    sendJson(res, 404, { message: 'Not Found' });
  }

  const server = handlingServer(handle);
  // The Lambdas and the tests call it; its own page posts to /clear. No other page may record or steer calls.
  localOnly(server);
  const port = await listen(server, opts.port ?? 0);
  return {
    url: `http://${HOST}:${port}`,
    port,
    calls: () => calls.slice(),
    stop: async () => {
      await closeServer(server);
      save();
    },
  };
}

/** The inbox of a local stack: calls kept in the state folder, on the port of last time if it is still free. */
export function webhookInbox(file: string, preferredPort?: number): LocalService<WebhookInbox> {
  return { name: 'webhook inbox', start: async () => startWebhookInbox({ port: await choosePort(preferredPort), file }) };
}
