/**
 * A kind of submission declares only what makes it that kind: the shared schema its form and its handler
 * validate with, the data it stores, the mail the support staff get, and its delivery targets (plus, for a
 * kind delivered to the automation webhooks, their payload). Everything else is the same for every kind:
 * recognising a repeat, claiming uploads and storing first (accept.ts), delivering and retrying (engine.ts).
 */
import type * as z from '@shared/contract/schemas/zod';
import { attachOrLink, type MailFiles } from './attachments';
import type { DeliveryPlan } from './engine';
import type { FileStore, MailMessage, WebhookType } from './ports';
import type { SubmissionKind, SubmissionRecord } from './record';

const MAIL_TARGET = 'mail';
const webhookTargets: Readonly<Record<string, WebhookType>> = { 'webhook:test': 'test', 'webhook:prod': 'prod' };

/** The support staff's notification mail, or one automation webhook. */
type DeliveryTarget = typeof MAIL_TARGET | `webhook:${WebhookType}`;

/** What a form sends: its fields plus, on forms with uploads, the keys of the files uploaded beforehand. */
export type WithUploads<R> = R & { readonly files?: readonly string[] };

export interface SubmissionKindDef<R extends object, D> {
  readonly kind: SubmissionKind;
  readonly schema: z.ZodMiniType<R>;
  readonly targets: readonly DeliveryTarget[];
  /** The data stored from the request's fields (the files are stored apart, as checked copies). */
  storedData(fields: Omit<R, 'files'>, now: Date): D;
  mail(record: SubmissionRecord<D>, files: MailFiles, to: readonly string[]): MailMessage;
  /** What a `webhook:*` target receives. */
  webhookPayload?(record: SubmissionRecord<D>, type: WebhookType, files: FileStore): Promise<unknown>;
}

/**
 * The idempotency key of one webhook delivery: the same on every retry of that delivery (so a receiver can
 * drop a duplicate after a lost answer), different between targets.
 */
function deliveryIdempotencyKey(submissionId: string, target: string): string {
  return `${submissionId}:${target}`;
}

/** How the delivery engine sends each target of a kind. */
export function deliveryOf<R extends object, D>(def: SubmissionKindDef<R, D>): DeliveryPlan<D> {
  return {
    kind: def.kind,
    targets: def.targets,
    async send(target, record, ports, signal) {
      if (target === MAIL_TARGET) {
        if (ports.mailTo.length === 0) throw new Error('MAIL_TO names no support recipients');
        const files = await attachOrLink(ports.files, record.files);
        // Out of time while reading the files: do not start a send that is already recorded as failed.
        signal.throwIfAborted();
        await ports.mail.send(def.mail(record, files, ports.mailTo), signal);
        return;
      }
      const type = webhookTargets[target];
      if (type && def.webhookPayload) {
        const payload = await def.webhookPayload(record, type, ports.files);
        signal.throwIfAborted();
        await ports.webhooks.post(type, payload, deliveryIdempotencyKey(record.id, target), signal);
        return;
      }
      throw new Error(`Unknown ${def.kind} delivery target ${target}`);
    },
  };
}
