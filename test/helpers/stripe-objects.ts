/**
 * Stripe objects and events as this site receives them, for unit and integration tests: a paid Checkout
 * session of the site (one-time app or the AI agent package), and the events of its later life.
 */
import { randomUUID } from 'node:crypto';

const uid = () => randomUUID().replaceAll('-', '').slice(0, 24);

export interface SessionOptions {
  readonly id?: string;
  readonly appId?: string;
  readonly subscription?: boolean;
  readonly userId?: string;
  readonly email?: string;
  readonly overrides?: Record<string, unknown>;
}

/** A completed, paid Checkout session created by this site. */
export function paidSession(opts: SessionOptions = {}) {
  const subscription = opts.subscription ?? false;
  const appId = opts.appId ?? (subscription ? 'ai-agent' : 'ai-system-prompt-generator');
  return {
    id: opts.id ?? `cs_test_${uid()}`,
    object: 'checkout.session',
    mode: subscription ? 'subscription' : 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: subscription ? 100000 : 4999,
    currency: 'usd',
    client_reference_id: opts.userId ?? null,
    customer_email: null,
    customer_details: { email: opts.email ?? 'buyer@example.com' },
    customer: subscription ? `cus_${uid()}` : null,
    payment_intent: subscription ? null : `pi_${uid()}`,
    subscription: subscription ? `sub_${uid()}` : null,
    livemode: false,
    created: 1_795_000_000,
    metadata: { appId, type: subscription ? 'services' : 'marketplace', stripeProductId: subscription ? 'ai-agent' : 'ai-agent-prompt' },
    ...opts.overrides,
  };
}

export type PaidSession = ReturnType<typeof paidSession>;

export function stripeEvent(type: string, object: Record<string, unknown>, created = 1_795_000_100) {
  return { id: `evt_${uid()}`, object: 'event', type, created, livemode: false, data: { object } };
}

export const completed = (session: PaidSession, created?: number) => stripeEvent('checkout.session.completed', session, created);

export const refunded = (session: PaidSession, created?: number, full = true) =>
  stripeEvent('charge.refunded', { id: `ch_${uid()}`, object: 'charge', payment_intent: session.payment_intent, amount: 4999, amount_refunded: full ? 4999 : 1000, refunded: full }, created);

export const disputeClosed = (session: PaidSession, status: string, created?: number) =>
  stripeEvent('charge.dispute.closed', { id: `dp_${uid()}`, object: 'dispute', charge: `ch_${uid()}`, payment_intent: session.payment_intent, status }, created);

export const subscriptionDeleted = (session: PaidSession, created?: number) =>
  stripeEvent('customer.subscription.deleted', { id: session.subscription, object: 'subscription', customer: session.customer, status: 'canceled', metadata: session.metadata }, created);

export function invoiceEvent(type: 'invoice.payment_failed' | 'invoice.paid', session: PaidSession, created?: number, invoiceId = `in_${uid()}`) {
  return stripeEvent(
    type,
    {
      id: invoiceId,
      object: 'invoice',
      customer: session.customer,
      customer_email: session.customer_details.email,
      amount_due: 20000,
      currency: 'usd',
      attempt_count: 1,
      next_payment_attempt: type === 'invoice.payment_failed' ? 1_795_259_300 : null,
      parent: { type: 'subscription_details', subscription_details: { subscription: session.subscription, metadata: session.metadata } },
    },
    created,
  );
}
