/**
 * The local Stripe stand-in (issue 21): the parts of Stripe this site uses, offline, so the whole purchase
 * lifecycle runs on a laptop and in the browser tests. The site's functions reach it through the official
 * `stripe` library (STRIPE_API_URL); buyers and developers through its pages; it signs and sends its events
 * to the site's webhook as Stripe does. Each part in a file of its own:
 *   ./api.ts             the API the stripe library calls (/v1/...)
 *   ./pages.ts           what a buyer sees on Stripe: the hosted checkout, the customer portal and its login page
 *   ./dashboard.ts       what the operator does: refunds, lost disputes, failed renewals, cancellations (/, /control/...)
 *   ./webhook-sender.ts  the events, signed and delivered to the site's webhook, retried
 *   ./objects.ts         the world they all change (sessions, customers, subscriptions, invoices, events), changed
 *                        by ./sessions.ts (a Checkout session paid, a portal session) and ./after-payment.ts
 * This file routes the requests to them, keeps the world in the state folder (so `npm start` remembers its
 * purchases across restarts) and gives tests their handle: tests may take the events a method answers and deliver
 * them themselves, replayed and reordered.
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { localOnly } from '../local-only';
import { choosePort, closeServer, handlingServer, HOST, listen, readBody, sendJson } from '../net';
import type { LocalService } from '../service';
import { readJson, writeJson } from '../state';
import { stripeApi, type StripeRequest } from './api';
import { controlAction, controlState, dashboardPage } from './dashboard';
import { cancelSubscription, failRenewal, loseDispute, payOpenInvoices, refundPayment } from './after-payment';
import { emptyWorld, type Json, type StripeEvent, type World } from './objects';
import { createPortalSession, paySession } from './sessions';
import { checkoutPage, portalLinkSentPage, portalLoginPage, portalPage } from './pages';
import { WebhookSender, type EventDelivery, type StripeWebhookTarget } from './webhook-sender';

export { decodeStripeForm } from './form';
export type { StripeEvent } from './objects';
export type { StripeRequest } from './api';
export type { EventDelivery, StripeWebhookTarget } from './webhook-sender';

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

export async function startStripeStandIn(opts: StandInOptions = {}): Promise<StripeStandIn> {
  const world: World = opts.stateFile ? { ...emptyWorld(), ...readJson<Partial<World>>(opts.stateFile, {}) } : emptyWorld();
  const requests: StripeRequest[] = [];
  const sender = new WebhookSender(opts.webhook);
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
  /** The events of a change: the world is saved soon, and the events sent when a webhook is set. */
  const emit = (events: StripeEvent[]): StripeEvent[] => {
    changed();
    return sender.send(events);
  };
  const base = (req: IncomingMessage) => `http://${req.headers.host ?? `${HOST}:${port}`}`;
  const api = stripeApi({ world, requests, failing: () => failStatus, changed, base });

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
      if (method !== 'POST') return checkoutPage(res, world, id);
      const session = world.sessions[id];
      const email = str('email').trim();
      if (!session || session.status !== 'open') return checkoutPage(res, world, id);
      if (!session.customer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return checkoutPage(res, world, id, 'Your email is incomplete.');
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
      return portalPage(res, world, id);
    }
    if (url.pathname === '/p/login/local') {
      if (method !== 'POST') return portalLoginPage(res);
      const email = str('email').trim().toLowerCase();
      const customer = Object.values(world.customers).find((c) => c.email.toLowerCase() === email);
      // Stripe mails a one-time link to a known customer and says the same either way; the stand-in shows it.
      const link = customer ? createPortalSession(world, customer.id, null, base(req)).url : undefined;
      changed();
      return portalLinkSentPage(res, email, link);
    }
    if (url.pathname === '/control/state' && method === 'GET') {
      sendJson(res, 200, controlState(world, sender.deliveries));
      return;
    }
    const control = method === 'POST' ? controlAction(world, url.pathname, str) : undefined;
    if (control) return act(req, res, control, '/');
    if (url.pathname === '/' && method === 'GET') return dashboardPage(res, world, sender.deliveries, sender.target?.url);
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
    deliveries: () => sender.deliveries.slice(),
    setWebhook(target) {
      sender.target = target;
    },
    pay: (sessionId, email = 'buyer@example.com') => emit(paySession(world, sessionId, email)),
    refund: (pi) => emit(refundPayment(world, pi)),
    loseDispute: (pi) => emit(loseDispute(world, pi)),
    failRenewal: (sub) => emit(failRenewal(world, sub)),
    cancelSubscription: (sub) => emit(cancelSubscription(world, sub)),
    settled: () => sender.settled(),
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
      await sender.finish(2000);
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
