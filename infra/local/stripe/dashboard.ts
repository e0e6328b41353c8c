/**
 * The stand-in's dashboard, what the operator does on Stripe: a page at / and, for tests, the same actions as JSON.
 *   POST /control/refund                { payment_intent }   full refund: charge.refunded
 *   POST /control/lose-dispute          { payment_intent }   charge.dispute.closed (lost)
 *   POST /control/fail-renewal          { subscription }     invoice.payment_failed
 *   POST /control/cancel-subscription   { subscription }     customer.subscription.deleted
 *   GET  /control/state                 sessions, customers, subscriptions, invoices, events, deliveries, receipts
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../net';
import { cancelSubscription, failRenewal, loseDispute, refundPayment } from './after-payment';
import { stripPrivate, type StripeEvent, type World } from './objects';
import { money, sendPage } from './pages';
import type { EventDelivery } from './webhook-sender';

/** The change a control path makes, given the value of its one field; undefined for any other path. */
export function controlAction(world: World, pathname: string, value: (field: string) => string): (() => StripeEvent[]) | undefined {
  const control: Record<string, (v: () => string) => () => StripeEvent[]> = {
    '/control/refund': (v) => () => refundPayment(world, v()),
    '/control/lose-dispute': (v) => () => loseDispute(world, v()),
    '/control/fail-renewal': (v) => () => failRenewal(world, v()),
    '/control/cancel-subscription': (v) => () => cancelSubscription(world, v()),
  };
  const make = control[pathname];
  if (!make) return undefined;
  const key = pathname.endsWith('refund') || pathname.endsWith('dispute') ? 'payment_intent' : 'subscription';
  return make(() => value(key));
}

/** GET /control/state: the world as JSON (without the stand-in's private fields), with the deliveries. */
export function controlState(world: World, deliveries: readonly EventDelivery[]) {
  return { ...world, sessions: Object.fromEntries(Object.entries(world.sessions).map(([k, s]) => [k, stripPrivate(s)])), deliveries };
}

export function dashboardPage(res: ServerResponse, world: World, deliveries: readonly EventDelivery[], webhookUrl: string | undefined): void {
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
<p class="note">Webhook: ${escapeHtml(webhookUrl ?? 'none')} · Portal login page: <a href="/p/login/local">/p/login/local</a> · JSON: <a href="/control/state">/control/state</a></p>
<h2>Checkout sessions</h2><table><thead><tr><th>Session</th><th>Status</th><th>Total</th><th><span class="note">Actions</span></th></tr></thead><tbody>${rows || '<tr><td colspan="4">None yet</td></tr>'}</tbody></table>
<h2>Events sent</h2><table><thead><tr><th>Type</th><th>Event</th><th>Site answered</th></tr></thead><tbody>${events || '<tr><td colspan="3">None yet</td></tr>'}</tbody></table>`,
  );
}
