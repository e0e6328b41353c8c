/**
 * The 24-hour watch: the site promises a reply within 24 hours, so every lead (demo request, contact message, idea)
 * is stored with two deliveries held until later (./due.ts): a reminder to the support recipients 20 hours after it
 * arrived, and an overdue notice at 24 hours. Each goes through the delivery engine like the lead's own mail
 * (stored, retried, exactly once under the lease, in the delivery log).
 *
 * At its due time each one looks at the lead as it is then: answered (shared/contract/lead-answer.ts) or marked as
 * spam, it is not sent and the log says why. A bot's honeypot hit is never stored, so it is never watched. Every
 * overdue notice sent is logged as `delivery sent` with `delivery: reminder:24h`, which the stage's alarm counts
 * (infra/constructs/deliveries.ts).
 */
import { brand } from '@shared/content/brand';
import { pages } from '@shared/content/site';
import { ANSWER_PROMISE_HOURS, ANSWER_REMINDER_HOURS, leadAnswer } from '@shared/contract/lead-answer';
import { kindLabel, type DeliveryTarget } from '@shared/contract/staff-console';
import type { DeliveryPorts, SendResult } from './engine';
import type { MailMessage } from './ports';
import type { SubmissionRecord } from './record';
import { headerText, renderSupportMail } from './support-mail';

export const REMINDER_TARGET = 'reminder:20h' satisfies DeliveryTarget;
export const OVERDUE_TARGET = 'reminder:24h' satisfies DeliveryTarget;
export type WatchTarget = typeof REMINDER_TARGET | typeof OVERDUE_TARGET;

export const isWatchTarget = (target: string): target is WatchTarget => target === REMINDER_TARGET || target === OVERDUE_TARGET;

export const answeredReason = 'The lead was answered before the reminder was due.';
export const spamReason = 'The lead is marked as spam.';

const hours = (createdAt: Date, h: number) => new Date(createdAt.getTime() + h * 3_600_000);

/** The watch's two deliveries of a lead received at `createdAt` (a lead kind's DeliveryPlan `due`). */
export function answerWatchDue(createdAt: Date): Record<WatchTarget, Date> {
  return { [REMINDER_TARGET]: hours(createdAt, ANSWER_REMINDER_HOURS), [OVERDUE_TARGET]: hours(createdAt, ANSWER_PROMISE_HOURS) };
}

/** Where staff open the lead in the console. */
export function consoleLink(siteOrigin: string, id: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}${pages.staffSubmission.path}?id=${encodeURIComponent(id)}`;
}

/**
 * The reminder mail: our words, the lead's kind and reference, when it arrived and the console link. No text of the
 * visitor's: a reminder only points staff to the lead.
 */
export function reminderMail(target: WatchTarget, record: SubmissionRecord<unknown>, ports: Pick<DeliveryPorts, 'mailTo' | 'siteOrigin'>): MailMessage {
  const overdue = target === OVERDUE_TARGET;
  const kind = kindLabel(record.kind);
  const reference = record.reference ?? record.id;
  const link = consoleLink(ports.siteOrigin, record.id);
  const elapsed = overdue ? ANSWER_PROMISE_HOURS : ANSWER_REMINDER_HOURS;
  const heading = overdue ? `Overdue: ${kind.toLowerCase()} ${reference} has had no answer for ${elapsed} hours` : `Reminder: ${kind.toLowerCase()} ${reference} is unanswered after ${elapsed} hours`;
  const promise = overdue
    ? `${brand.name} promised this visitor a reply within ${ANSWER_PROMISE_HOURS} hours, and that time has passed.`
    : `${brand.name} promised this visitor a reply within ${ANSWER_PROMISE_HOURS} hours: ${ANSWER_PROMISE_HOURS - ANSWER_REMINDER_HOURS} hours are left.`;
  const { text, html } = renderSupportMail({
    heading,
    fields: [
      ['Reference', reference],
      ['Kind', kind],
      ['Received', record.createdAt],
      ['Open it in the staff console', link],
    ],
    footer: `${promise} Answer the visitor, then set the lead to Answered or record your reply in the console; no further reminder is sent for an answered lead.`,
  });
  return { to: ports.mailTo, subject: headerText(heading), text, html, attachments: [] };
}

/** Sends one of the watch's deliveries, or answers why it is not needed (an answered or spam lead). */
export async function sendWatchReminder(target: WatchTarget, record: SubmissionRecord<unknown>, ports: DeliveryPorts, signal: AbortSignal): Promise<SendResult> {
  if (record.status === 'spam') return { skipped: spamReason };
  if (leadAnswer(record)) return { skipped: answeredReason };
  if (ports.mailTo.length === 0) throw new Error('MAIL_TO names no support recipients');
  await ports.mail.send(reminderMail(target, record, ports), signal);
  return {};
}
