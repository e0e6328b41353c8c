/**
 * The local Stripe stand-in (issue 21): the parts of Stripe this site uses, offline, so the whole purchase
 * lifecycle runs on a laptop and in the browser tests. The site's functions reach it through the official
 * `stripe` library (STRIPE_API_URL); buyers and developers through its pages; it signs and sends its events
 * to the site's webhook as Stripe does (Stripe-Signature over the raw body).
 *
 *   API (what the stripe library calls)
 *     POST /v1/checkout/sessions          create (answers `url`: the hosted page below)
 *     GET  /v1/checkout/sessions/:id      retrieve
 *     GET  /v1/checkout/sessions?...      list by payment_intent, subscription or customer
 *     POST /v1/billing_portal/sessions    a customer portal session
 *   Pages (what a buyer sees on Stripe)
 *     /c/pay/:id                          the hosted checkout: e-mail, Pay (completes the session, then redirects)
 *     /p/session/:id                      the customer portal: subscriptions (cancel), invoices, update the card
 *     /p/login/local                      the portal's login page (the stage's STRIPE_PORTAL_LOGIN_URL)
 *   Dashboard (what the operator does), as a page at / and as JSON for tests
 *     POST /control/refund                { payment_intent }   full refund: charge.refunded
 *     POST /control/lose-dispute          { payment_intent }   charge.dispute.closed (lost)
 *     POST /control/fail-renewal          { subscription }     invoice.payment_failed
 *     POST /control/cancel-subscription   { subscription }     customer.subscription.deleted
 *     GET  /control/state                 sessions, customers, subscriptions, invoices, events, deliveries, receipts
 *
 * Events are delivered after the page has answered (a buyer may reach the success screen first, as with Stripe),
 * retried a few times when the site does not answer 2xx. Tests may instead take the events a method answers and
 * deliver them themselves, replayed and reordered. The world is kept in the state folder, so `npm start`
 * remembers its purchases across restarts.
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { brand } from '@shared/content/brand';
import { localOnly } from '../local-only';
import { choosePort, closeServer, escapeHtml, handlingServer, HOST, listen, readBody, sendJson } from '../net';
import type { LocalService } from '../service';
import { readJson, writeJson } from '../state';
import { decodeStripeForm } from './form';
import {
  cancelSubscription,
  createPortalSession,
  createSession,
  emptyWorld,
  failRenewal,
  loseDispute,
  payOpenInvoices,
  paySession,
  refundPayment,
  stripPrivate,
  type Json,
  type StripeEvent,
  type World,
} from './objects';

export { decodeStripeForm } from './form';
export type { StripeEvent } from './objects';

/** One request the site's stripe library sent: its form body decoded into the nested object Stripe sees. */
export interface StripeRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly raw: string;
  /** e.g. `{ line_items: [{ price_data: { unit_amount: '4999' } }] }` (values stay strings, as sent). */
  readonly params: Record<string, unknown>;
}

export interface EventDelivery {
  readonly eventId: string;
  readonly type: string;
  attempts: number;
  /** The site's last answer (0: no answer). */
  status: number;
}

export interface StripeWebhookTarget {
  readonly url: string;
  /** The endpoint's signing secret (whsec_...), the site's STRIPE_WEBHOOK_SECRET. */
  readonly secret: string;
}

export interface StripeStandIn {
  readonly url: string;
  readonly port: number;
  /** The portal login page, the stand-in's STRIPE_PORTAL_LOGIN_URL. */
  readonly portalLoginUrl: string;
  /** Every API request the site sent (newest last). */
  readonly requests: StripeRequest[];
  world(): World;
  deliveries(): EventDelivery[];
  /** Where events go from now on (none: they are only recorded). */
  setWebhook(target: StripeWebhookTarget | undefined): void;
  /** Each answers the events the change made (and delivers them when a webhook is set). */
  pay(sessionId: string, email?: string): StripeEvent[];
  refund(paymentIntentId: string): StripeEvent[];
  loseDispute(paymentIntentId: string): StripeEvent[];
  failRenewal(subscriptionId: string): StripeEvent[];
  cancelSubscription(subscriptionId: string): StripeEvent[];
  /** Waits until every event sent so far has been delivered or given up. */
  settled(): Promise<void>;
  /** Answer every API request with this HTTP status and a Stripe error body until `recover()`. */
  failWith(status: number): void;
  /** Drop every API connection without an answer until `recover()`. */
  goDown(): void;
  recover(): void;
  stop(): Promise<void>;
}

export interface StandInOptions {
  port?: number;
  /** Where the world is kept between runs; none: in memory only. */
  stateFile?: string;
  webhook?: StripeWebhookTarget;
}

const DELIVERY_ATTEMPTS = 4;

function apiError(res: ServerResponse, status: number, message: string, code?: string): void {
  sendJson(res, status, { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, ...(code ? { code } : {}) } }, { 'stripe-should-retry': 'false' });
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:44rem;padding:0 1rem;color:#1a1f36}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccd;padding:.4rem;text-align:left;vertical-align:top}
button{font:inherit;padding:.45rem 1rem;border-radius:6px;border:1px solid #533afd;background:#533afd;color:#fff;cursor:pointer}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{font:inherit;padding:.4rem;width:100%;max-width:24rem}
.note{color:#555;font-size:.9rem}form.inline{display:inline}</style></head>
<body><main>${body}</main></body></html>`;
}

function sendPage(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(page(title, body));
}

const money = (cents: number, currency: string) => (currency === 'usd' ? `$${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`);

export async function startStripeStandIn(opts: StandInOptions = {}): Promise<StripeStandIn> {
  const world: World = opts.stateFile ? { ...emptyWorld(), ...readJson<Partial<World>>(opts.stateFile, {}) } : emptyWorld();
  const requests: StripeRequest[] = [];
  const deliveries: EventDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  let webhook = opts.webhook;
  let failStatus: number | undefined;
  let down = false;
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    if (opts.stateFile) writeJson(opts.stateFile, world);
  };
  const changed = () => {
    if (opts.stateFile && !saveTimer) saveTimer = setTimeout(save, 300);
  };

  async function deliver(event: StripeEvent, target: StripeWebhookTarget): Promise<void> {
    const record: EventDelivery = { eventId: event.id, type: event.type, attempts: 0, status: 0 };
    deliveries.push(record);
    const payload = JSON.stringify(event);
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
      record.attempts = attempt;
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: target.secret }),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        record.status = response.status;
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        record.status = 0;
      }
      await new Promise((r) => setTimeout(r, 500 * 2 ** (attempt - 1)));
    }
  }

  /** Sends the events in order, each after the previous one was answered (after the caller's answer went out). */
  function emit(events: StripeEvent[]): StripeEvent[] {
    changed();
    const target = webhook;
    if (target && events.length > 0) {
      const run = (async () => {
        await new Promise((r) => setImmediate(r));
        for (const e of events) await deliver(e, target);
      })();
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }
    return events;
  }

  function base(req: IncomingMessage): string {
    return `http://${req.headers.host ?? `${HOST}:${port}`}`;
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<void> {
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(raw);
    requests.push({ method, path: `${url.pathname}${url.search}`, headers: req.headers, raw, params });
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
  }

  function checkoutPage(res: ServerResponse, sessionId: string, error?: string): void {
    const s = world.sessions[sessionId];
    if (!s || s.status !== 'open') {
      sendPage(res, s ? 410 : 404, 'Checkout', '<h1>This Checkout Session is no longer active.</h1>');
      return;
    }
    const rows = s._lines
      .map((l) => `<tr><td>${escapeHtml(l.name)}${l.quantity > 1 ? ` × ${l.quantity}` : ''}${l.recurring ? ' (billed monthly)' : ''}</td><td>${money(l.unitAmount * l.quantity, s.currency)}</td></tr>`)
      .join('');
    const email = s.customer_email
      ? `<p>Paying as <strong>${escapeHtml(s.customer_email)}</strong></p><input type="hidden" name="email" value="${escapeHtml(s.customer_email)}">`
      : '<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>';
    sendPage(
      res,
      200,
      `Pay ${brand.name}`,
      `<p class="note">Stripe stand-in (local): no real payment is made.</p>
<h1>Pay ${escapeHtml(brand.name)}</h1>
<table><tbody>${rows}</tbody><tfoot><tr><th>Total due today</th><th>${money(s.amount_total, s.currency)}</th></tr></tfoot></table>
<form method="post" action="/c/pay/${encodeURIComponent(s.id)}">${email}
<label for="card">Card information</label><input id="card" name="card" value="4242 4242 4242 4242" autocomplete="off">
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<p><button type="submit">${s.mode === 'subscription' ? 'Subscribe' : 'Pay'}</button></p></form>
<p><a href="${escapeHtml(s.cancel_url)}">← Back to ${escapeHtml(brand.name)}</a></p>`,
    );
  }

  function portalPage(res: ServerResponse, portalId: string): void {
    const ps = world.portalSessions[portalId];
    const customer = ps ? world.customers[ps.customer] : undefined;
    if (!ps || !customer) {
      sendPage(res, 404, 'Billing', '<h1>This link has expired.</h1>');
      return;
    }
    const subscriptions = Object.values(world.subscriptions).filter((s) => s.customer === customer.id);
    const invoices = Object.values(world.invoices).filter((i) => i.customer === customer.id);
    const subRows = subscriptions
      .map((s) => {
        const actions =
          s.status === 'canceled'
            ? ''
            : `<form class="inline" method="post" action="/p/session/${ps.id}/cancel"><input type="hidden" name="subscription" value="${s.id}"><button type="submit">Cancel subscription</button></form>` +
              (s.status === 'past_due'
                ? ` <form class="inline" method="post" action="/p/session/${ps.id}/pay"><input type="hidden" name="subscription" value="${s.id}"><button type="submit">Update payment method</button></form>`
                : '');
        return `<tr><td>${escapeHtml(s._plan ?? s.id)}</td><td>${money(s._monthly, s._currency)} per month</td><td>${escapeHtml(s.status === 'canceled' ? 'Cancelled' : s.status === 'past_due' ? 'Past due' : 'Active')}</td><td>${actions}</td></tr>`;
      })
      .join('');
    const invoiceRows = invoices
      .map((i) => `<tr><td>${escapeHtml(i.id)}</td><td>${money(Number(i.amount_due), String(i.currency))}</td><td>${escapeHtml(i.status)}</td></tr>`)
      .join('');
    sendPage(
      res,
      200,
      `${brand.name} billing`,
      `<p class="note">Stripe stand-in (local) customer portal.</p>
<h1>${escapeHtml(brand.name)} billing</h1><p>Signed in as <strong>${escapeHtml(customer.email)}</strong></p>
<h2>Subscriptions</h2><table><thead><tr><th>Plan</th><th>Price</th><th>Status</th><th><span class="note">Actions</span></th></tr></thead><tbody>${subRows || '<tr><td colspan="4">None</td></tr>'}</tbody></table>
<h2>Invoice history</h2><table><thead><tr><th>Invoice</th><th>Amount</th><th>Status</th></tr></thead><tbody>${invoiceRows || '<tr><td colspan="3">None</td></tr>'}</tbody></table>
${ps.return_url ? `<p><a href="${escapeHtml(ps.return_url)}">Return to ${escapeHtml(brand.name)}</a></p>` : ''}`,
    );
  }

  function dashboardPage(res: ServerResponse): void {
    const action = (path: string, name: string, value: string, label: string) =>
      `<form class="inline" method="post" action="${path}"><input type="hidden" name="${name}" value="${escapeHtml(value)}"><button type="submit">${label}</button></form>`;
    const rows = Object.values(world.sessions)
      .sort((a, b) => b.created - a.created)
      .map((s) => {
        const actions = [
          s.payment_intent ? action('/control/refund', 'payment_intent', s.payment_intent, 'Refund') : '',
          s.payment_intent ? action('/control/lose-dispute', 'payment_intent', s.payment_intent, 'Lose a dispute') : '',
          s.subscription && world.subscriptions[s.subscription]?.status !== 'canceled'
            ? action('/control/fail-renewal', 'subscription', s.subscription, 'Fail a renewal') + action('/control/cancel-subscription', 'subscription', s.subscription, 'Cancel')
            : '',
        ].join(' ');
        return `<tr><td>${escapeHtml(s.id)}<br><span class="note">${escapeHtml(String(s.metadata.appId ?? ''))} · ${escapeHtml(s.customer_details?.email ?? '')}</span></td><td>${escapeHtml(s.status)} / ${escapeHtml(s.payment_status)}</td><td>${money(s.amount_total, s.currency)}</td><td>${actions}</td></tr>`;
      })
      .join('');
    const events = deliveries
      .slice(-30)
      .reverse()
      .map((d) => `<tr><td>${escapeHtml(d.type)}</td><td>${escapeHtml(d.eventId)}</td><td>${d.status || 'no answer'} (${d.attempts} attempt(s))</td></tr>`)
      .join('');
    sendPage(
      res,
      200,
      'Stripe stand-in',
      `<h1>Stripe stand-in (local dashboard)</h1>
<p class="note">Webhook: ${escapeHtml(webhook?.url ?? 'none')} · Portal login page: <a href="/p/login/local">/p/login/local</a> · JSON: <a href="/control/state">/control/state</a></p>
<h2>Checkout sessions</h2><table><thead><tr><th>Session</th><th>Status</th><th>Total</th><th><span class="note">Actions</span></th></tr></thead><tbody>${rows || '<tr><td colspan="4">None yet</td></tr>'}</tbody></table>
<h2>Events sent</h2><table><thead><tr><th>Type</th><th>Event</th><th>Site answered</th></tr></thead><tbody>${events || '<tr><td colspan="3">None yet</td></tr>'}</tbody></table>`,
    );
  }

  const formOrJson = (raw: string, type: string | undefined): Record<string, unknown> => {
    if ((type ?? '').startsWith('application/json')) {
      try {
        return JSON.parse(raw || '{}') as Record<string, unknown>;
      } catch {
        return {};
      }
    }
    return Object.fromEntries(new URLSearchParams(raw));
  };

  /** A dashboard or portal action: JSON for tests (the events), back to the page for a person. */
  function act(req: IncomingMessage, res: ServerResponse, run: () => StripeEvent[], back: string): void {
    let events: StripeEvent[];
    try {
      events = emit(run());
    } catch (error) {
      sendJson(res, 400, { message: (error as Error).message });
      return;
    }
    if ((req.headers['content-type'] ?? '').startsWith('application/json')) sendJson(res, 200, { events });
    else res.writeHead(303, { location: back }).end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const raw = (await readBody(req, 1024 * 1024)).toString('utf8');
    if (url.pathname.startsWith('/v1/')) {
      if (down) {
        req.socket.destroy();
        return;
      }
      await api(req, res, url, raw);
      return;
    }
    const input = formOrJson(raw, req.headers['content-type']);
    const str = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : '');

    const pay = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (pay) {
      const id = decodeURIComponent(pay[1] as string);
      if (method !== 'POST') return checkoutPage(res, id);
      const session = world.sessions[id];
      const email = str('email').trim();
      if (!session || session.status !== 'open') return checkoutPage(res, id);
      if (!session.customer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return checkoutPage(res, id, 'Your email is incomplete.');
      emit(paySession(world, id, email));
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', id) }).end();
      return;
    }
    const portal = /^\/p\/session\/([^/]+)(?:\/(cancel|pay))?$/.exec(url.pathname);
    if (portal) {
      const id = decodeURIComponent(portal[1] as string);
      const ps = world.portalSessions[id];
      const subscription = world.subscriptions[str('subscription')];
      if (method === 'POST' && ps && subscription && subscription.customer === ps.customer) {
        const run = portal[2] === 'cancel' ? () => cancelSubscription(world, subscription.id) : () => payOpenInvoices(world, subscription.id);
        return act(req, res, run, `/p/session/${id}`);
      }
      return portalPage(res, id);
    }
    if (url.pathname === '/p/login/local') {
      if (method === 'POST') {
        const email = str('email').trim().toLowerCase();
        const customer = Object.values(world.customers).find((c) => c.email.toLowerCase() === email);
        // Stripe mails a one-time link to a known customer and says the same either way; the stand-in shows it.
        const link = customer ? createPortalSession(world, customer.id, null, base(req)).url : undefined;
        changed();
        sendPage(
          res,
          200,
          'Check your email',
          `<h1>Check your email</h1><p>If ${escapeHtml(email)} belongs to a customer of ${escapeHtml(brand.name)}, we sent a link to the billing portal.</p>` +
            (link ? `<p class="note">Stripe stand-in: the link Stripe would mail is <a href="${escapeHtml(link)}">Open the billing portal</a>.</p>` : ''),
        );
        return;
      }
      sendPage(
        res,
        200,
        `${brand.name} billing`,
        `<p class="note">Stripe stand-in (local) portal login page.</p><h1>${escapeHtml(brand.name)} billing</h1>
<form method="post" action="/p/login/local"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<p><button type="submit">Send me a link</button></p></form>`,
      );
      return;
    }
    if (url.pathname === '/control/state' && method === 'GET') {
      sendJson(res, 200, { ...world, sessions: Object.fromEntries(Object.entries(world.sessions).map(([k, s]) => [k, stripPrivate(s)])), deliveries });
      return;
    }
    const control: Record<string, (body: () => string) => () => StripeEvent[]> = {
      '/control/refund': (v) => () => refundPayment(world, v()),
      '/control/lose-dispute': (v) => () => loseDispute(world, v()),
      '/control/fail-renewal': (v) => () => failRenewal(world, v()),
      '/control/cancel-subscription': (v) => () => cancelSubscription(world, v()),
    };
    const make = control[url.pathname];
    if (make && method === 'POST') {
      const key = url.pathname.endsWith('refund') || url.pathname.endsWith('dispute') ? 'payment_intent' : 'subscription';
      return act(req, res, make(() => str(key)), '/');
    }
    if (url.pathname === '/' && method === 'GET') return dashboardPage(res);
    sendJson(res, 404, { message: 'Not Found' });
  }

  const server = handlingServer(handle);
  // Its dashboard refunds and cancels, its pages pay: only this machine's programs and its own pages may (../local-only.ts).
  localOnly(server);
  const port = await listen(server, opts.port ?? 0);
  const url = `http://${HOST}:${port}`;

  return {
    url,
    port,
    portalLoginUrl: `${url}/p/login/local`,
    requests,
    world: () => world,
    deliveries: () => deliveries.slice(),
    setWebhook(target) {
      webhook = target;
    },
    pay: (sessionId, email = 'buyer@example.com') => emit(paySession(world, sessionId, email)),
    refund: (pi) => emit(refundPayment(world, pi)),
    loseDispute: (pi) => emit(loseDispute(world, pi)),
    failRenewal: (sub) => emit(failRenewal(world, sub)),
    cancelSubscription: (sub) => emit(cancelSubscription(world, sub)),
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    failWith(status) {
      failStatus = status;
    },
    goDown() {
      down = true;
    },
    recover() {
      failStatus = undefined;
      down = false;
    },
    async stop() {
      await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 2000))]);
      await closeServer(server);
      save();
    },
  };
}

/** The stand-in of a local stack: its world kept in the state folder, on the port of last time if still free. */
export function stripeStandIn(stateFile: string, preferredPort?: number): LocalService<StripeStandIn> {
  return { name: 'Stripe stand-in', start: async () => startStripeStandIn({ port: await choosePort(preferredPort), stateFile }) };
}

export type { Json };
