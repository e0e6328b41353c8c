/**
 * Requests to the running local stack's API as the site's forms make them, and direct uploads to its S3
 * through presigned POSTs (the browser's way). Needs `LOCAL_STACK` (test/integration/setup-env.ts).
 */
import type { PresignedUpload, UploadForm } from '@shared/contract/uploads';
import { localStack } from './local-stack';

export interface ApiAnswer {
  status: number;
  body: { id?: string; message?: string; fieldErrors?: Record<string, string[]>; uploads?: PresignedUpload[] };
}

/**
 * The visitor this test file plays: an address of its own in X-Forwarded-For, which the integration stack counts
 * clients by (its test-only `trustForwardedFor`), so the per-client limit on the write routes sees each file as
 * one visitor instead of the whole suite as one.
 */
export const testClientAddress = `10.${rand()}.${rand()}.${rand()}`;
function rand(): number {
  return 1 + Math.floor(Math.random() * 254);
}

/**
 * fetch, with a 429 from a route's throttle waited out and retried: a throttle is shared by every caller of the
 * route (a circuit breaker), so a file that follows another which sent many requests back to back (the bad-input
 * tables) may find it empty for a moment.
 */
export async function fetchPastThrottle(url: string, init: RequestInit = {}, retryThrottled = true): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, init);
    if (response.status !== 429 || !retryThrottled || attempt >= 20) return response;
    await response.arrayBuffer();
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** POSTs to the local API, as a form does; a 429 is waited out unless the caller is testing the throttle itself. */
export async function post(
  path: string,
  body: unknown,
  opts: { headers?: Record<string, string>; raw?: boolean; retryThrottled?: boolean } = {},
): Promise<ApiAnswer> {
  const { apiUrl } = localStack();
  const response = await fetchPastThrottle(
    `${apiUrl}${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': testClientAddress, ...opts.headers },
      body: opts.raw ? (body as string) : JSON.stringify(body),
    },
    opts.retryThrottled ?? true,
  );
  const text = await response.text();
  let parsed: ApiAnswer['body'] = {};
  try {
    parsed = text ? (JSON.parse(text) as ApiAnswer['body']) : {};
  } catch {
    parsed = { message: text };
  }
  return { status: response.status, body: parsed };
}

export interface UploadFile {
  readonly name: string;
  readonly type: string;
  readonly content: Uint8Array;
  /** The size told to POST /api/uploads when it should differ from the content's (lying clients). */
  readonly claimedSize?: number;
}

/** Asks POST /api/uploads for presigned POSTs for `form`, sends each file straight to S3; answers the keys. */
export async function uploadFiles(form: UploadForm, files: readonly UploadFile[]): Promise<string[]> {
  const answer = await post('/api/uploads', {
    form,
    files: files.map((f) => ({ name: f.name, type: f.type, size: f.claimedSize ?? f.content.byteLength })),
  });
  if (answer.status !== 200 || !answer.body.uploads) throw new Error(`uploads answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const uploads = answer.body.uploads;
  await Promise.all(
    uploads.map(async (u, i) => {
      const file = files[i]!;
      const body = new FormData();
      for (const [k, v] of Object.entries(u.fields)) body.append(k, v);
      body.append('file', new Blob([file.content as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
      const response = await fetch(u.url, { method: 'POST', body });
      if (!response.ok) throw new Error(`S3 POST answered ${response.status}`);
    }),
  );
  return uploads.map((u) => u.key);
}
