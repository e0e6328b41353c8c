/**
 * Staff's two ways of sending a stored submission on, both through the delivery engine (../submissions/redeliver.ts)
 * and recorded in the submission's audit trail:
 * - "Send again": one delivery (a support mail, the confirmation, a webhook) once more;
 * - "Send to webhook": the spec's webhook helper (spec 000_87e5fbf87b6c3f39.txt §7 item 6, §8), for a stored
 *   submission only: its data and files to the 'test' (default) or 'prod' automation webhook, signed like every
 *   delivery, answering the receiver's answer. Its public route was removed because anyone could push signed
 *   data to the prod webhook; here only staff can, and only a real submission.
 */
import type { DeliveryTarget, SubmissionView, WebhookSendAnswer, WebhookType } from '@shared/contract/staff-console';
import { DomainError } from '../errors';
import type { DeliveringDeps } from '../submissions/engine';
import { webhookTarget } from '../submissions/kind';
import { sendAgain } from '../submissions/redeliver';
import type { SubmissionRecord } from '../submissions/record';
import { staffName, type LeadRecordDeps } from './deps';
import { submissionView } from './lead';

async function recorded(deps: LeadRecordDeps, record: SubmissionRecord<unknown>, entry: Parameters<LeadRecordDeps['store']['appendHistory']>[1]): Promise<SubmissionRecord<unknown>> {
  return (await deps.store.appendHistory(record.id, entry)) ?? record;
}

/** "Send again": the delivery attempted once more now; answers the submission with its log after the attempt. */
export async function sendDeliveryAgain(deps: LeadRecordDeps, engine: DeliveringDeps, input: { id: string; target: DeliveryTarget; sentAgain: number }, actorSub: string): Promise<SubmissionView> {
  const after = await sendAgain(engine, input.id, input.target, input.sentAgain);
  const by = await staffName(deps.accounts, actorSub);
  return submissionView(deps, await recorded(deps, after, { at: deps.clock.now().toISOString(), by, action: 'sendAgain', target: input.target }));
}

/**
 * "Send to webhook". Delivered: the receiver's answer. Not delivered: upstream-failed with the attempt's error
 * (the delivery stays in the log and is retried by the engine like any other).
 */
export async function sendToWebhook(deps: LeadRecordDeps, engine: DeliveringDeps, input: { id: string; webhookType: WebhookType }, actorSub: string): Promise<WebhookSendAnswer> {
  const target = webhookTarget(input.webhookType) as DeliveryTarget;
  const after = await sendAgain(engine, input.id, target);
  const by = await staffName(deps.accounts, actorSub);
  const withEntry = await recorded(deps, after, { at: deps.clock.now().toISOString(), by, action: 'sendToWebhook', target });
  const delivery = after.deliveries[target];
  if (delivery?.state !== 'sent') {
    throw new DomainError('upstream-failed', delivery?.lastError ? `${delivery.lastError}. It will be tried again.` : `The ${input.webhookType} webhook did not take the data.`);
  }
  return { webhookType: input.webhookType, response: delivery.response ?? '', submission: await submissionView(deps, withEntry) };
}
