/**
 * The stand-in's API: what the site's `stripe` library calls (STRIPE_API_URL points it here).
 *
 *   POST /v1/checkout/sessions          create (answers `url`: the hosted page, ./pages.ts)
 *   GET  /v1/checkout/sessions/:id      retrieve
 *   GET  /v1/checkout/sessions?...      list by payment_intent, subscription or customer
 *   POST /v1/billing_portal/sessions    a customer portal session
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../net';
import { decodeStripeForm } from './form';
import { stripPrivate, type World } from './objects';
import { createPortalSession, createSession } from './sessions';

/** One request the site's stripe library sent: its form body decoded into the nested object Stripe sees. */
export interface StripeRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly raw: string;
  /** e.g. `{ line_items: [{ price_data: { unit_amount: '4999' } }] }` (values stay strings, as sent). */
  readonly params: Record<string, unknown>;
}

export interface ApiOptions {
  readonly world: World;
  /** Every request is recorded here (newest last). */
  readonly requests: StripeRequest[];
  /** The status every request is answered with while the stand-in fails on purpose. */
  readonly failing: () => number | undefined;
  /** The world changed (it is saved soon). */
  readonly changed: () => void;
  /** The stand-in's own origin as the caller reached it (the hosted pages' URLs). */
  readonly base: (req: IncomingMessage) => string;
}

export function apiError(res: ServerResponse, status: number, message: string, code?: string): void {
  sendJson(res, status, { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, ...(code ? { code } : {}) } }, { 'stripe-should-retry': 'false' });
}

/** The handler of every `/v1/` request. */
export function stripeApi({ world, requests, failing, changed, base }: ApiOptions) {
  return async function api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<void> {
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(raw);
    requests.push({ method, path: `${url.pathname}${url.search}`, headers: req.headers, raw, params });
    const failStatus = failing();
    if (failStatus) {
      apiError(res, failStatus, 'The Stripe stand-in is failing on purpose.');
      return;
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const session = createSession(world, params, base(req));
      changed();
      sendJson(res, 200, stripPrivate(session));
      return;
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && one) {
      const session = world.sessions[decodeURIComponent(one[1] as string)];
      if (!session) apiError(res, 404, `No such checkout.session: '${one[1]}'`, 'resource_missing');
      else sendJson(res, 200, stripPrivate(session));
      return;
    }
    if (method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const found = Object.values(world.sessions)
        .filter(
          (s) =>
            (params.payment_intent === undefined || s.payment_intent === params.payment_intent) &&
            (params.subscription === undefined || s.subscription === params.subscription) &&
            (params.customer === undefined || s.customer === params.customer),
        )
        .sort((a, b) => b.created - a.created);
      const limit = Math.min(Number(params.limit ?? 10) || 10, 100);
      sendJson(res, 200, { object: 'list', url: '/v1/checkout/sessions', has_more: found.length > limit, data: found.slice(0, limit).map((s) => stripPrivate(s)) });
      return;
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      try {
        const session = createPortalSession(world, String(params.customer ?? ''), typeof params.return_url === 'string' ? params.return_url : null, base(req));
        changed();
        sendJson(res, 200, session);
      } catch (error) {
        apiError(res, 400, (error as Error).message, 'resource_missing');
      }
      return;
    }
    apiError(res, 404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  };
}
