/**
 * An app idea from the Idea Hub: stored once with submittedAt, then delivered to the 'test' and the 'prod'
 * automation webhook and to the support staff by mail, each target tracked and retried on its own by the
 * submission engine (../engine.ts), so a stored idea is never lost to a webhook that is down.
 */
import { ideaRequestSchema, type IdeaRecordData, type IdeaRequest } from '@shared/contract/schemas/idea';
import type { UploadItem, WebhookEnvelope, WebhookType } from '@shared/contract/schemas/automation-webhook';
import { toUploadItem } from '@shared/contract/schemas/automation-webhook';
import { acceptWithUploads } from '../accept';
import type { MailFiles } from '../attachments';
import { deliveryOf, type SubmissionKindDef } from '../kind';
import type { FileStore, MailMessage } from '../ports';
import type { StoredFile, SubmissionRecord } from '../record';
import { headerText, renderSupportMail } from '../support-mail';

/** Each stored file as an upload item; a file that cannot be read goes as the error item of spec §7 "The calls the product makes", item 6. */
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

export const idea: SubmissionKindDef<IdeaRequest, IdeaRecordData> = {
  kind: 'idea',
  schema: ideaRequestSchema,
  targets: ['webhook:test', 'webhook:prod', 'mail'],
  storedData: (fields, now) => ({ ...fields, submittedAt: now.toISOString() }),
  mail: ideaMail,
  webhookPayload: ideaWebhookPayload,
};

export const ideaDelivery = deliveryOf(idea);
export const acceptIdea = acceptWithUploads(idea);
