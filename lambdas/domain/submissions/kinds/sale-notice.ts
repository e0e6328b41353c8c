/**
 * The support staff's notice of a sale, a cancelled subscription or a failed renewal (issue 21): stored by the
 * Stripe webhook (or the success screen's confirmation) under an id of its subject
 * (lambdas/domain/purchases/sale-notices.ts), then one mail to the support recipients through this engine, like
 * every submission: leased, retried with backoff, sent once, its state kept on the record.
 *
 * It is not a form, so it has no schema or uploads: only its delivery plan lives here.
 */
import { formatAmount as formatCents } from '@shared/content/money';
import { saleNoticeHeadings as headings } from '@shared/contract/staff-console';
import type { SaleNoticeData, SaleNotices } from '../../purchases/sale-notices';
import { acceptSubmission, type AcceptingDeps, type DeliveryPlan } from '../engine';
import type { MailMessage } from '../ports';
import type { SubmissionRecord } from '../record';
import { headerText, renderSupportMail, type MailField } from '../support-mail';

/** Cents and a currency as people read them: `$49.99`, or `49.99 EUR` (`-` when Stripe reported no amount). */
export function formatAmount(amount: number | null, currency: string | null): string {
  return amount === null ? '-' : formatCents(amount, currency);
}

/** Where the staff look the event up in Stripe's dashboard. */
function dashboardLink(d: SaleNoticeData): string {
  const base = `https://dashboard.stripe.com/${d.livemode ? '' : 'test/'}`;
  if (d.event === 'renewalFailed' && d.invoiceId) return `${base}invoices/${d.invoiceId}`;
  if (d.subscriptionId) return `${base}subscriptions/${d.subscriptionId}`;
  if (d.paymentIntentId) return `${base}payments/${d.paymentIntentId}`;
  return `${base}checkout/sessions/${d.sessionId ?? ''}`;
}

/** Every field of the notice, labelled: its mail's body (and what the delivery plan answers as its fields). */
export function saleNoticeFields(record: SubmissionRecord<SaleNoticeData>): MailField[] {
  const d = record.data;
  const fields: MailField[] = [
    ['What', d.appName],
    ...(d.event === 'cancellation' || d.event === 'promptServiceFailed' ? [] : [[d.event === 'sale' ? 'Amount' : 'Amount due', formatAmount(d.amount, d.currency)] as const]),
    ...(d.event === 'promptServiceFailed' ? [['What failed', `the prompt webhook (PROMPT_WEBHOOK_URL): ${d.failure ?? '-'}`] as const] : []),
    ['Buyer e-mail', d.customerEmail ?? '-'],
    ['Account', d.userId ? `signed-in account ${d.userId}` : 'no account (bought signed out)'],
    ['When', d.occurredAt],
  ];
  if (d.event === 'renewalFailed') {
    fields.push(['Attempts so far', d.attemptCount === null || d.attemptCount === undefined ? '-' : String(d.attemptCount)]);
    fields.push(['Stripe tries again', d.nextAttemptAt ?? 'no further attempt planned']);
  }
  fields.push(
    ['Checkout session', d.sessionId ?? '-'],
    ...(d.subscriptionId ? [['Subscription', d.subscriptionId] as const] : []),
    ...(d.invoiceId ? [['Invoice', d.invoiceId] as const] : []),
    ['Stripe', dashboardLink(d)],
    ['Mode', d.livemode ? 'live' : 'test'],
    ['Notice id', record.id],
  );
  return fields;
}

export function saleNoticeMail(record: SubmissionRecord<SaleNoticeData>, to: readonly string[]): MailMessage {
  const d = record.data;
  const buyer = d.customerEmail ?? d.customerId ?? 'unknown buyer';
  const fields = saleNoticeFields(record);
  const footers: Record<SaleNoticeData['event'], string> = {
    sale: 'Stripe sends the buyer the receipt. The purchase is recorded with its state in the purchases table.',
    cancellation: 'The subscription is cancelled for good; a later event cannot revive it.',
    renewalFailed: 'The subscription is past due. The subscriber can update the card in the billing portal (Manage billing on My Profile).',
    promptServiceFailed:
      'The buyer was told to try again later; their answers are kept. Check the webhook behind PROMPT_WEBHOOK_URL. Later failures for this purchase are kept with its prompt studio (Staff, People) without another mail.',
  };
  const { text, html } = renderSupportMail({ heading: headings[d.event], fields, footer: footers[d.event] });
  const amount = d.event === 'cancellation' || d.event === 'promptServiceFailed' ? '' : `, ${formatAmount(d.amount, d.currency)}`;
  return {
    to,
    ...(d.customerEmail ? { replyTo: d.customerEmail } : {}),
    subject: headerText(`${headings[d.event]}: ${d.appName}${amount} (${buyer})`),
    text,
    html,
    attachments: [],
  };
}

export const saleNoticeDelivery: DeliveryPlan<SaleNoticeData> = {
  kind: 'saleNotice',
  targets: ['mail'],
  async send(target, record, ports, signal) {
    if (target !== 'mail') throw new Error(`Unknown saleNotice delivery target ${target}`);
    if (ports.mailTo.length === 0) throw new Error('MAIL_TO names no support recipients');
    await ports.mail.send(saleNoticeMail(record, ports.mailTo), signal);
  },
  fields: saleNoticeFields,
};

/**
 * Where the purchase rules send notices: accepted by this engine like a submission (stored first, then handed off),
 * so each id is stored once and a notice already stored, erased or not, answers 'exists' and is not sent again.
 */
export function engineSaleNotices(deps: Pick<AcceptingDeps, 'store' | 'clock' | 'log' | 'handOff'>): SaleNotices {
  return {
    async send(notice) {
      // Only the notice's plan: accepting reads just its targets (the delivery function has them all).
      const accepted = await acceptSubmission({ ...deps, plans: { saleNotice: saleNoticeDelivery } }, { id: notice.id, kind: 'saleNotice', data: notice.data, files: [] });
      return accepted.created ? 'stored' : 'exists';
    },
  };
}
