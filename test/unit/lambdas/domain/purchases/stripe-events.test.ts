import { describe, expect, it } from 'vitest';
import { handleStripeEvent, type StripeEventLike } from '../../../../../lambdas/domain/purchases/stripe-events';
import { purchaseDepsFor } from '../../../../helpers/memory-purchase-store';
import { completed, disputeClosed, invoiceEvent, paidSession, refunded, stripeEvent, subscriptionDeleted } from '../../../../helpers/stripe-objects';

/** Every order of a list (the events Stripe may deliver in any order). */
function orders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('Stripe events -> purchases', () => {
  it('records a completed checkout once, with the account and the Stripe ids, and one sale notice', async () => {
    const userId = '2b6f0c1e-8f9a-4c7e-9d2b-1a2b3c4d5e6f';
    const session = paidSession({ userId });
    const deps = purchaseDepsFor([]);
    const event = completed(session);
    expect(await handleStripeEvent(event, deps)).toEqual({ outcome: 'recorded', sessionId: session.id });
    expect(await handleStripeEvent(event, deps)).toEqual({ outcome: 'duplicate', sessionId: session.id });
    expect(await handleStripeEvent({ ...event, id: 'evt_other', type: 'checkout.session.async_payment_succeeded' }, deps)).toEqual({ outcome: 'duplicate', sessionId: session.id });
    expect(await deps.store.find(session.id)).toEqual({
      sessionId: session.id,
      appId: 'ai-system-prompt-generator',
      type: 'marketplace',
      amountTotal: 4999,
      currency: 'usd',
      customerEmail: 'buyer@example.com',
      userId,
      paymentIntentId: session.payment_intent,
      eventId: event.id,
      livemode: false,
      occurredAt: event.created,
      createdAt: '2026-11-22T10:00:00.000Z',
      status: 'paid',
    });
    expect(deps.notices.sent.map((n) => [n.id, n.data.event, n.data.appName, n.data.amount, n.data.userId])).toEqual([
      [`sale-${session.id}`, 'sale', 'AI Agent System Prompt Generator', 4999, userId],
    ]);
  });

  it('keeps no account a session names that is not a Cognito id', async () => {
    const session = paidSession({ overrides: { client_reference_id: 'admin' } });
    const deps = purchaseDepsFor([]);
    await handleStripeEvent(completed(session), deps);
    expect((await deps.store.find(session.id))?.userId).toBeUndefined();
  });

  it('ignores other events, unpaid sessions and sessions this site did not create, and stores nothing for them', async () => {
    const deps = purchaseDepsFor([]);
    const session = paidSession();
    const ignored: StripeEventLike[] = [
      stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
      completed(paidSession({ overrides: { payment_status: 'unpaid' } })),
      completed(paidSession({ overrides: { metadata: {} } })),
      completed(paidSession({ overrides: { object: 'payment_intent' } })),
      refunded(session, undefined, false),
      disputeClosed(session, 'won'),
      stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge', refunded: true }),
      { id: 'evt_x', type: 'charge.refunded', data: { object: null } },
    ];
    for (const event of ignored) expect((await handleStripeEvent(event, deps)).outcome, event.type).toBe('ignored');
    expect(deps.store.rows.size).toBe(0);
    expect(deps.notices.sent).toEqual([]);
  });

  it('ignores a refund or a subscription event for a payment that did not come from this site', async () => {
    const stranger = paidSession({ overrides: { metadata: {} } });
    const strangerSub = paidSession({ subscription: true, overrides: { metadata: {} } });
    const deps = purchaseDepsFor([stranger, strangerSub]);
    expect(await handleStripeEvent(refunded(stranger), deps)).toEqual({ outcome: 'ignored', reason: 'not a purchase of this site' });
    expect(await handleStripeEvent(subscriptionDeleted(strangerSub), deps)).toEqual({ outcome: 'ignored', reason: 'not a subscription of this site' });
    expect(await handleStripeEvent(refunded(paidSession()), deps)).toEqual({ outcome: 'ignored', reason: 'not a purchase of this site' });
    expect(deps.store.rows.size).toBe(0);
  });

  it('a full refund and a lost dispute take the purchase back, in whatever order Stripe sends them', async () => {
    for (const [make, reason] of [
      [refunded, 'refund'],
      [(s: ReturnType<typeof paidSession>) => disputeClosed(s, 'lost'), 'dispute'],
    ] as const) {
      const session = paidSession();
      for (const order of orders([completed(session), make(session)])) {
        const deps = purchaseDepsFor([session]);
        // Each delivered twice: at least once means maybe twice.
        for (const event of [...order, ...order]) await handleStripeEvent(event, deps);
        expect(await deps.store.find(session.id)).toMatchObject({ status: 'refunded', refundReason: reason, appId: 'ai-system-prompt-generator' });
        expect(deps.notices.sent.map((n) => n.id)).toEqual([`sale-${session.id}`]);
      }
    }
  });

  it('a cancellation is final: no replay, reordering or later renewal event revives the subscription; each notice goes once', async () => {
    const session = paidSession({ subscription: true });
    const failedInvoice = 'in_failed_1';
    const events = [
      completed(session, 100),
      invoiceEvent('invoice.paid', session, 101),
      invoiceEvent('invoice.payment_failed', session, 200, failedInvoice),
      subscriptionDeleted(session, 300),
    ];
    for (const order of orders(events)) {
      const deps = purchaseDepsFor([session]);
      for (const event of [...order, ...order.slice().reverse()]) await handleStripeEvent(event, deps);
      expect((await deps.store.find(session.id))?.subscriptionStatus, order.map((e) => e.type).join(' > ')).toBe('cancelled');
      expect(deps.notices.sent.map((n) => n.id).sort()).toEqual([`cancellation-${session.subscription}`, `renewal-failed-${failedInvoice}`, `sale-${session.id}`].sort());
      // The failed invoice is kept on the purchase, once: nothing else leads from the purchase to its notice.
      expect((await deps.store.find(session.id))?.failedInvoiceIds).toEqual([failedInvoice]);
    }
  });

  it('a failed renewal makes the subscription past due until a newer paid invoice, whatever the order', async () => {
    const session = paidSession({ subscription: true });
    const failed = invoiceEvent('invoice.payment_failed', session, 200, 'in_2');
    const paid = invoiceEvent('invoice.paid', session, 250, 'in_2');
    for (const order of orders([completed(session, 100), failed, paid])) {
      const deps = purchaseDepsFor([session]);
      for (const event of order) await handleStripeEvent(event, deps);
      expect((await deps.store.find(session.id))?.subscriptionStatus).toBe('active');
    }
    const deps = purchaseDepsFor([session]);
    for (const event of [completed(session, 100), invoiceEvent('invoice.paid', session, 150), failed]) await handleStripeEvent(event, deps);
    expect((await deps.store.find(session.id))?.subscriptionStatus).toBe('pastDue');
    const notice = deps.notices.sent.find((n) => n.id === 'renewal-failed-in_2');
    expect(notice?.data).toMatchObject({ event: 'renewalFailed', amount: 20000, attemptCount: 1, customerEmail: 'buyer@example.com', subscriptionId: session.subscription });
  });

  it('records the purchase from the session Stripe names when a later event arrives first', async () => {
    const session = paidSession({ subscription: true });
    const deps = purchaseDepsFor([session]);
    expect(await handleStripeEvent(subscriptionDeleted(session, 300), deps)).toEqual({ outcome: 'subscription changed', sessionId: session.id, status: 'cancelled' });
    expect(deps.stripe.asked).toEqual([`subscription ${session.subscription}`]);
    expect(await deps.store.find(session.id)).toMatchObject({ appId: 'ai-agent', type: 'services', subscriptionStatus: 'cancelled', customerId: session.customer });
    expect(await handleStripeEvent(completed(session, 100), deps)).toEqual({ outcome: 'duplicate', sessionId: session.id });
    expect((await deps.store.find(session.id))?.subscriptionStatus).toBe('cancelled');
  });

  it('asks for Stripe only where an event names no session, and answers 503 (Stripe retries) without a key', async () => {
    const session = paidSession();
    const deps = { ...purchaseDepsFor([session]), stripe: undefined };
    await expect(handleStripeEvent(refunded(session), deps)).rejects.toMatchObject({ kind: 'unavailable' });
    expect((await handleStripeEvent(completed(session), deps)).outcome).toBe('recorded');
  });
});
