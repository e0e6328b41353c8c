import { describe, expect, it } from 'vitest';
import { handleStripeEvent, type Purchase, type PurchaseStore } from '../../../../../lambdas/domain/marketplace/purchases';
import { purchase } from '../../../../helpers/records';

function memoryStore(): PurchaseStore & { rows: Map<string, Purchase> } {
  const rows = new Map<string, Purchase>();
  return {
    rows,
    async record(p) {
      if (rows.has(p.sessionId)) return 'duplicate';
      rows.set(p.sessionId, p);
      return 'recorded';
    },
    async find(id) {
      return rows.get(id);
    },
  };
}

const completed = (overrides: Record<string, unknown> = {}) => ({
  id: 'evt_1',
  type: 'checkout.session.completed',
  livemode: false,
  data: {
    object: {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 4999,
      currency: 'usd',
      metadata: { appId: 'ai-system-prompt-generator', type: 'marketplace' },
      customer_details: { email: 'buyer@example.com' },
      ...overrides,
    },
  },
});

describe('Stripe events -> purchases', () => {
  it('records a completed, paid checkout once, however often Stripe delivers it', async () => {
    const store = memoryStore();
    const now = new Date('2026-11-22T10:00:00Z');
    expect(await handleStripeEvent(completed(), store, now)).toEqual({ outcome: 'recorded', sessionId: 'cs_test_1' });
    expect(await handleStripeEvent(completed(), store, now)).toEqual({ outcome: 'duplicate', sessionId: 'cs_test_1' });
    expect([...store.rows.values()]).toEqual([purchase({ sessionId: 'cs_test_1', eventId: 'evt_1', createdAt: '2026-11-22T10:00:00.000Z' })]);
  });

  it('ignores other events, unpaid sessions and sessions this site did not create', async () => {
    const store = memoryStore();
    const ignored = [
      { ...completed(), type: 'customer.created' },
      completed({ payment_status: 'unpaid' }),
      completed({ metadata: {} }),
      completed({ object: 'payment_intent' }),
    ];
    for (const event of ignored) expect((await handleStripeEvent(event, store)).outcome).toBe('ignored');
    expect(store.rows.size).toBe(0);
  });

  it('records a delayed payment once it succeeds', async () => {
    const store = memoryStore();
    const event = { ...completed(), type: 'checkout.session.async_payment_succeeded' };
    expect((await handleStripeEvent(event, store)).outcome).toBe('recorded');
  });
});
