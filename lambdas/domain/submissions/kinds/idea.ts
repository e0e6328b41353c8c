/**
 * An app idea from the Idea Hub: accepted once, then delivered to the 'test' and the 'prod' automation
 * webhook and to the support staff by mail, each target tracked and retried on its own by the submission
 * engine (submissions.ts). The original sent the idea once and only logged a failed webhook while the visitor
 * saw success; here a stored idea is never lost to a webhook that is down.
 */
import type { IdeaRecordData, IdeaRequest } from '../../../../shared/schemas/idea';
import type { UploadItem, WebhookEnvelope, WebhookType } from '../../../../shared/schemas/automation-webhook';
import { toUploadItem } from '../../../../shared/schemas/automation-webhook';
import { attachOrLink, claimUploads, type MailFiles } from '../attachments';
import type { StoredFile, SubmissionRecord } from '../record';
import type { FileStore, MailMessage } from '../ports';
import { findRepeat } from '../accept';
import { acceptSubmission, type Accepted, type DeliveryPlan, type DeliveryPorts, type SubmissionDeps } from '../engine';
import { headerText, renderSupportMail } from '../support-mail';

/** The deliveries every idea gets. */
export const IDEA_TARGETS = ['webhook:test', 'webhook:prod', 'mail'] as const;

const webhookTargets: Readonly<Record<string, WebhookType>> = { 'webhook:test': 'test', 'webhook:prod': 'prod' };

/**
 * The idempotency key of one webhook delivery: the same on every retry of that delivery (so a receiver can
 * drop a duplicate after a lost answer), different between the two targets.
 */
export function ideaIdempotencyKey(submissionId: string, target: string): string {
  return `${submissionId}:${target}`;
}

/** Each stored file as an upload item; a file that cannot be read goes as the spec's error item. */
export function ideaUploadItems(files: FileStore, stored: readonly StoredFile[]): Promise<UploadItem[]> {
  return Promise.all(
    stored.map((file) =>
      toUploadItem(file, () => files.read(file.key), (bytes) => Buffer.from(bytes).toString('base64')),
    ),
  );
}

/**
 * Both webhook deliveries of an attempt run at the same time and carry the same files: they share one read and
 * encoding (up to 5 x 10 MB, about 67 MB of base64) instead of holding two copies in the function's memory.
 */
const encodingInFlight = new Map<string, Promise<UploadItem[]>>();

function sharedUploadItems(files: FileStore, record: SubmissionRecord<IdeaRecordData>): Promise<UploadItem[]> {
  if (record.files.length === 0) return Promise.resolve([]);
  const key = `${record.id}:${record.version}`;
  let pending = encodingInFlight.get(key);
  if (!pending) {
    pending = ideaUploadItems(files, record.files);
    encodingInFlight.set(key, pending);
    const forget = () => encodingInFlight.delete(key);
    pending.then(forget, forget);
  }
  return pending;
}

/** What a webhook receives for an idea: the form values plus submittedAt, and the files as upload items. */
export async function ideaWebhookPayload(
  record: SubmissionRecord<IdeaRecordData>,
  type: WebhookType,
  files: FileStore,
): Promise<WebhookEnvelope<IdeaRecordData>> {
  return { webhookType: type, data: record.data, files: await sharedUploadItems(files, record) };
}

/** The support staff's mail of an idea: every field, submittedAt, and the files attached or linked. */
export function ideaMail(record: SubmissionRecord<IdeaRecordData>, files: MailFiles, to: readonly string[]): MailMessage {
  const d = record.data;
  const { text, html } = renderSupportMail({
    heading: 'New app idea from the Idea Hub',
    fields: [
      ['App title', d.title],
      ['Description', d.description],
      ['Target users', d.targetUsers],
      ['Business sector', d.businessType],
      ['Budget', d.budget],
      ['Full name', d.fullName],
      ['Email', d.email],
      ['Phone', d.phone],
      ['Submitted at', d.submittedAt],
      ['Submission id', record.id],
    ],
    files,
    footer: `The idea was also sent to the test and prod automation webhooks. Reply to this mail to answer ${d.fullName} directly.`,
  });
  return {
    to,
    replyTo: d.email,
    subject: headerText(`App idea: ${d.title} (from ${d.fullName})`),
    text,
    html,
    attachments: files.attachments,
  };
}

export const ideaDeliveryPlan: DeliveryPlan<IdeaRecordData> = {
  kind: 'idea',
  targets: IDEA_TARGETS,
  async send(target, record, ports: DeliveryPorts) {
    const type = webhookTargets[target];
    if (type) {
      const payload = await ideaWebhookPayload(record, type, ports.files);
      await ports.webhooks.post(type, payload, ideaIdempotencyKey(record.id, target));
      return;
    }
    if (target === 'mail') {
      if (ports.mailTo.length === 0) throw new Error('MAIL_TO names no support recipients');
      await ports.mail.send(ideaMail(record, await attachOrLink(ports.files, record.files), ports.mailTo));
      return;
    }
    throw new Error(`Unknown idea delivery target ${target}`);
  },
};

/**
 * Accepts an idea under the client's submission id. A repeat of a stored id answers that id and does nothing
 * else; otherwise every upload is checked and copied before the idea is stored with submittedAt, so a bad file
 * (RejectedInput, answered 400) leaves nothing behind. Then the deliveries are attempted.
 */
export async function submitIdea(
  deps: SubmissionDeps,
  input: { readonly id: string; readonly request: IdeaRequest },
): Promise<Accepted> {
  const repeat = await findRepeat(deps, input.id, 'idea');
  if (repeat) return repeat;
  const { files: keys, ...fields } = input.request;
  const files = await claimUploads(deps.ports.files, 'idea', keys, input.id);
  const data: IdeaRecordData = { ...fields, submittedAt: deps.clock.now().toISOString() };
  return acceptSubmission<IdeaRecordData>(deps, { id: input.id, kind: 'idea', data, files });
}
