/**
 * A local stand-in for Stripe's API: records every request the official `stripe` library sends (its
 * form-encoded body decoded into the nested object Stripe sees) and answers `POST /v1/checkout/sessions` like
 * Stripe does. Point the functions at it with STRIPE_API_URL. It can be told to fail or to drop connections,
 * to check that buyers then get the fallback checkout.
 */
import { startRecordingServer, type RecordedRequest } from './recording-server';

export interface StripeRequest extends RecordedRequest {
  /** The decoded form body, e.g. `{ line_items: [{ price_data: { unit_amount: '4999' } }] }` (values stay strings). */
  readonly params: Record<string, unknown>;
}

export interface FakeStripe {
  /** Base URL for STRIPE_API_URL. */
  readonly url: string;
  readonly requests: StripeRequest[];
  /** Answer every request with this HTTP status and a Stripe error body until `recover()`. */
  failWith(status: number): void;
  /** Drop every connection without an answer until `recover()`. */
  goDown(): void;
  recover(): void;
  close(): Promise<void>;
}

/** Decodes Stripe's bracket notation (`a[b][0][c]=v`) into nested objects and arrays. */
export function decodeStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let sessions = 0;
  const server = await startRecordingServer<StripeRequest>({
    record: (request) => ({ ...request, params: decodeStripeForm(request.raw) }),
    answer(call, res, failStatus) {
      const send = (status: number, body: unknown) => {
        // Stripe's library retries on this header; a fake failure must be a failure.
        res.writeHead(status, { 'content-type': 'application/json', 'stripe-should-retry': 'false', 'request-id': `req_${server.calls.length}` });
        res.end(JSON.stringify(body));
      };
      if (failStatus) {
        send(failStatus, { error: { type: 'api_error', message: 'The fake Stripe is failing on purpose.' } });
        return;
      }
      if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_fake${String(sessions).padStart(4, '0')}`;
        const { params } = call;
        send(200, {
          id,
          object: 'checkout.session',
          mode: params.mode,
          status: 'open',
          payment_status: 'unpaid',
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          metadata: params.metadata ?? {},
          livemode: false,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        });
        return;
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${call.method}: ${call.path}).` } });
    },
  });
  return {
    url: server.origin,
    requests: server.calls,
    failWith: server.failWith,
    goDown: server.goDown,
    recover: server.recover,
    close: server.close,
  };
}
