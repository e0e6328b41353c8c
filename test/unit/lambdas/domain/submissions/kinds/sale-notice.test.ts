import { describe, expect, it } from 'vitest';
import { checkoutFromSession } from '../../../../../../lambdas/domain/purchases/record';
import { cancellationNotice, renewalFailedNotice, saleNotice } from '../../../../../../lambdas/domain/purchases/sale-notices';
import { formatAmount, saleNoticeMail } from '../../../../../../lambdas/domain/submissions/kinds/sale-notice';
import { newSubmission } from '../../../../../../lambdas/domain/submissions/record';
import { paidSession } from '../../../../../helpers/stripe-objects';

const to = ['sales@example.com', 'support@example.com'];
const record = <D>(id: string, data: D) => newSubmission({ id, kind: 'saleNotice', data, files: [], targets: ['mail'], now: new Date('2026-11-22T10:00:00Z') });

function checkout(opts: Parameters<typeof paidSession>[0] = {}) {
  const c = checkoutFromSession(paidSession(opts), { eventId: 'evt_1', occurredAt: 1_795_000_000 });
  if ('ignored' in c) throw new Error(c.ignored);
  return c;
}

describe('the support staff’s notices of sales', () => {
  it('a sale: what, how much, who (and whether signed in), where to look in Stripe', () => {
    const c = checkout({ userId: '11111111-1111-4111-8111-111111111111' });
    const notice = saleNotice(c);
    const mail = saleNoticeMail(record(notice.id, notice.data), to);
    expect(mail.subject).toBe('New sale: AI Agent System Prompt Generator, $49.99 (buyer@example.com)');
    expect(mail.to).toEqual(to);
    expect(mail.replyTo).toBe('buyer@example.com');
    expect(mail.text).toContain('Account: signed-in account 11111111-1111-4111-8111-111111111111');
    expect(mail.text).toContain(`Stripe: https://dashboard.stripe.com/test/payments/${c.paymentIntentId}`);
    expect(mail.text).toContain(`Notice id: sale-${c.sessionId}`);
  });

  it('a cancellation and a failed renewal name the subscription, the invoice and what happens next', () => {
    const c = checkout({ subscription: true });
    const facts = { subscriptionId: c.subscriptionId as string, customerId: null, occurredAt: 1_795_100_000, livemode: true, checkout: c };
    const cancelled = saleNoticeMail(record('n1', cancellationNotice(facts).data), to);
    expect(cancelled.subject).toBe('Subscription cancelled: AI Agent Package (buyer@example.com)');
    expect(cancelled.text).toContain(`Stripe: https://dashboard.stripe.com/subscriptions/${c.subscriptionId}`);
    const failed = renewalFailedNotice({ ...facts, invoiceId: 'in_9', amountDue: 20000, currency: 'usd', customerEmail: null, attemptCount: 2, nextAttemptAt: 1_795_300_000 });
    expect(failed.id).toBe('renewal-failed-in_9');
    const mail = saleNoticeMail(record(failed.id, failed.data), to);
    expect(mail.subject).toBe('Renewal payment failed: AI Agent Package, $200.00 (buyer@example.com)');
    expect(mail.text).toContain('Attempts so far: 2');
    expect(mail.text).toContain(`Stripe tries again: ${new Date(1_795_300_000_000).toISOString()}`);
  });

  it('treats the buyer’s e-mail as visitor text: escaped in HTML, one line in the subject', () => {
    const c = checkout({ email: 'x@example.com\r\nBcc: victim@example.com<script>' });
    const notice = saleNotice(c);
    const mail = saleNoticeMail(record(notice.id, notice.data), to);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('formats amounts in cents as people read them', () => {
    expect([formatAmount(4999, 'usd'), formatAmount(100000, null), formatAmount(1250, 'eur'), formatAmount(null, 'usd')]).toEqual(['$49.99', '$1000.00', '12.50 EUR', '-']);
  });
});
