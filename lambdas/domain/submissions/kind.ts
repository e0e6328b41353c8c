/**
 * A kind of submission declares only what makes it that kind: the shared schema its form and its handler
 * validate with, the data it stores, its fields as people read them (the support mail and the staff console),
 * what the inbox lists about its sender, the mail the support staff get, and its delivery targets (plus, for a
 * kind delivered to the automation webhooks, their payload). Everything else is the same for every kind:
 * recognising a repeat, claiming uploads and storing first (accept.ts), delivering (engine.ts) and retrying (retry-job.ts), the
 * visitor's confirmation (confirmation.ts).
 */
import type * as z from '@shared/contract/schemas/zod';
import { answerWatchDue, isWatchTarget, sendWatchReminder } from './answer-watch';
import { attachOrLink, type MailFiles } from './attachments';
import { CONFIRMATION_TARGET, alreadyConfirmedReason, claimExpiry, confirmationClaimKey, confirmationMail } from './confirmation';
import type { DeliveryPlan, SendResult } from './engine';
import type { LeadSummary } from './inbox-fields';
import type { FileStore, MailMessage, WebhookType } from './ports';
import type { SubmissionKind, SubmissionRecord } from './record';
import type { MailField } from './support-mail';
import { webhookEnvelope } from './webhook-envelope';
import { admitVisitorMail } from './visitor-mail';

const MAIL_TARGET = 'mail';
const webhookTargets: Readonly<Record<string, WebhookType>> = { 'webhook:test': 'test', 'webhook:prod': 'prod' };

/** The support staff's notification mail, the visitor's confirmation, or one automation webhook. */
type DeliveryTarget = typeof MAIL_TARGET | typeof CONFIRMATION_TARGET | `webhook:${WebhookType}`;

/** The webhook target of a type (`webhook:test`), as staff send a submission to it. */
export const webhookTarget = (type: WebhookType): DeliveryTarget => `webhook:${type}`;

/** What a form sends: its fields plus, on forms with uploads, the keys of the files uploaded beforehand. */
export type WithUploads<R> = R & { readonly files?: readonly string[] };

export interface SubmissionKindDef<R extends object, D> {
  readonly kind: SubmissionKind;
  readonly schema: z.ZodMiniType<R>;
  readonly targets: readonly DeliveryTarget[];
  /** The data stored from the request's fields (the files are stored apart, as checked copies). */
  storedData(fields: Omit<R, 'files'>, now: Date): D;
  /** Every field as the visitor sent it, labelled as the form labels it. */
  fields(data: D): MailField[];
  /** The sender as the staff inbox lists and searches them. */
  lead(data: D): LeadSummary;
  mail(record: SubmissionRecord<D>, files: MailFiles, to: readonly string[]): MailMessage;
  /** What a `webhook:*` target receives (default: the envelope of the spec's webhook helper with the data as stored). */
  webhookPayload?(record: SubmissionRecord<D>, type: WebhookType, files: FileStore): Promise<unknown>;
}

/**
 * The idempotency key of one webhook delivery: the same on every retry of that delivery (so a receiver can
 * drop a duplicate after a lost answer), different between targets, and new when staff send a delivered
 * submission again (a new round is meant to arrive again).
 */
export function deliveryIdempotencyKey(submissionId: string, target: string, round = 0): string {
  return round > 0 ? `${submissionId}:${target}:${round}` : `${submissionId}:${target}`;
}

/** A webhook's answer as the delivery log keeps it. */
function responseText(body: unknown): string {
  if (body === null || body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** How the delivery engine sends each target of a kind, and the 24-hour watch's reminders (./answer-watch.ts). */
export function deliveryOf<R extends object, D>(def: SubmissionKindDef<R, D>): DeliveryPlan<D> {
  return {
    kind: def.kind,
    targets: def.targets,
    due: answerWatchDue,
    fields: (record) => def.fields(record.data),
    async send(target, record, ports, signal): Promise<SendResult | void> {
      if (isWatchTarget(target)) return sendWatchReminder(target, record as SubmissionRecord<unknown>, ports, signal);
      if (target === MAIL_TARGET) {
        if (ports.mailTo.length === 0) throw new Error('MAIL_TO names no support recipients');
        const files = await attachOrLink(ports.files, record.files);
        // Out of time while reading the files: do not start a send that is already recorded as failed.
        signal.throwIfAborted();
        await ports.mail.send(def.mail(record, files, ports.mailTo), signal);
        return;
      }
      if (target === CONFIRMATION_TARGET) {
        const lead = def.lead(record.data);
        const delivery = record.deliveries[target];
        // Staff sending it again (a new round) is a person's decision: the daily limit and the caps are for the
        // automatic one. The sandbox and suppressed addresses apply to both.
        const claim = delivery?.round
          ? undefined
          : () => ports.confirmations.claim(confirmationClaimKey(lead.email, record.createdAt), record.id, claimExpiry(record.createdAt));
        const admission = await admitVisitorMail(ports.visitorMail, { to: lead.email, ...(claim ? { claim } : {}), refusedReason: alreadyConfirmedReason });
        if (!admission.admitted) return { skipped: admission.reason, ...(admission.capped ? { capped: admission.capped } : {}) };
        signal.throwIfAborted();
        const reference = record.reference ?? record.id;
        // A demo request's confirmation carries the link to book the demo's time (lambdas/domain/bookings).
        const bookingUrl = def.kind === 'demoRequest' && ports.bookings ? (await ports.bookings.links()).url('pick', record.id) : undefined;
        signal.throwIfAborted();
        await ports.mail.send(
          confirmationMail({ record: record as SubmissionRecord<unknown>, to: lead.email, reference, siteOrigin: ports.siteOrigin, ...(bookingUrl ? { bookingUrl } : {}) }),
          signal,
        );
        return;
      }
      const type = webhookTargets[target];
      if (type) {
        const payload = def.webhookPayload ? await def.webhookPayload(record, type, ports.files) : await webhookEnvelope(record, type, ports.files);
        signal.throwIfAborted();
        const round = record.deliveries[target]?.round ?? 0;
        const answer = await ports.webhooks.post(type, payload, deliveryIdempotencyKey(record.id, target, round), signal);
        return { response: responseText(answer.body) };
      }
      throw new Error(`Unknown ${def.kind} delivery target ${target}`);
    },
  };
}
