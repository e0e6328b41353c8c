/**
 * The visitor's confirmation mail: "we received your request, we reply within 24 hours" (the spec's promise,
 * spec 000_87e5fbf87b6c3f39.txt §1 and §9) with the reference staff can search for.
 *
 * It is a delivery of the submission like the support mail (target `confirmation`): stored with it, retried,
 * visible in the staff console, and its failure never fails the submission. It carries none of the visitor's
 * own text, not even the name: whatever a bot types into a form, the mail it makes us send says only our words,
 * so the form cannot relay spam. It goes at most once per address per day (a claim on a hash of the normalised
 * address and the day, ConfirmationLedger), within the stage's caps and never to a suppressed address or from a
 * sandboxed stage (./visitor-mail.ts), and never for a honeypot hit (a bot's submission is never stored).
 */
import { createHash } from 'node:crypto';
import { brand } from '@shared/content/brand';
import { escapeHtml } from './support-mail';
import { normalisedAddress } from './visitor-mail';
import type { MailMessage } from './ports';
import type { SubmissionKind, SubmissionRecord } from './record';

export const CONFIRMATION_TARGET = 'confirmation';

/** A claim outlives its day by one, so a retry late in the day still finds it. */
const CLAIM_LIFETIME_SECONDS = 2 * 86_400;

export const alreadyConfirmedReason = 'A confirmation already went to this address today.';

/** What the mail calls each kind of submission. */
const nouns: Readonly<Record<SubmissionKind, string>> = {
  demoRequest: 'demo request',
  contactMessage: 'message',
  idea: 'app idea',
  // Never confirmed (its plan has no confirmation target), named so every kind has a word.
  saleNotice: 'sale notice',
  demoBooking: 'demo booking',
};

/**
 * The claim key for an address on the day a submission was received: SHA-256 of the normalised address (its
 * `+tag` and Gmail's dots dropped: one mailbox, one claim), then the day.
 */
export function confirmationClaimKey(email: string, createdAt: string): string {
  const hash = createHash('sha256').update(normalisedAddress(email)).digest('hex');
  return `${hash}#${createdAt.slice(0, 10)}`;
}

export function claimExpiry(createdAt: string): number {
  return Math.floor(Date.parse(createdAt) / 1000) + CLAIM_LIFETIME_SECONDS;
}

function receivedOn(createdAt: string): string {
  const date = new Date(createdAt);
  const day = date.toLocaleDateString('en-US', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  const time = date.toLocaleTimeString('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hour12: false });
  return `${day} at ${time} UTC`;
}

/**
 * The mail: only our words, the kind of submission, when it arrived and its reference. `to` is the address the
 * visitor gave (validated by the form's schema).
 */
export function confirmationMail(input: { record: SubmissionRecord<unknown>; to: string; reference: string; siteOrigin: string; bookingUrl?: string }): MailMessage {
  const { record, to, reference, bookingUrl } = input;
  const noun = nouns[record.kind];
  const origin = input.siteOrigin.replace(/\/+$/, '');
  const when = receivedOn(record.createdAt);
  const lines = [
    'Hello,',
    '',
    `Thank you for contacting ${brand.name}. We received your ${noun} on ${when}, and we reply within 24 hours.`,
    '',
    `Your reference: ${reference}`,
    'Please quote it if you write to us about this request.',
    '',
    // A demo request's next step (issue 41): the link to book the meeting itself.
    ...(bookingUrl ? ['Pick your demo time: choose a slot that suits you, in your own time zone:', bookingUrl, ''] : []),
    'If you did not send this, you can ignore this mail: we will not write again unless you contact us.',
    '',
    `${brand.name}`,
    `${brand.email} · ${brand.phone}`,
    `How we handle your data: ${origin}/privacy`,
  ];
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">',
    '<p>Hello,</p>',
    `<p>Thank you for contacting ${escapeHtml(brand.name)}. We received your ${escapeHtml(noun)} on ${escapeHtml(when)}, and we reply within 24 hours.</p>`,
    `<p>Your reference: <strong>${escapeHtml(reference)}</strong><br>Please quote it if you write to us about this request.</p>`,
    ...(bookingUrl ? [`<p><a href="${escapeHtml(bookingUrl)}">Pick your demo time</a>: choose a slot that suits you, in your own time zone.</p>`] : []),
    '<p>If you did not send this, you can ignore this mail: we will not write again unless you contact us.</p>',
    `<p>${escapeHtml(brand.name)}<br>${escapeHtml(brand.email)} · ${escapeHtml(brand.phone)}<br>`,
    `<a href="${escapeHtml(`${origin}/privacy`)}">How we handle your data</a></p>`,
    '</body></html>',
  ].join('');
  return {
    to: [to],
    replyTo: brand.email,
    subject: `We received your ${noun} (reference ${reference})`,
    text: lines.join('\n'),
    html,
    attachments: [],
  };
}
