/**
 * An app idea from the Idea Hub: stored once with submittedAt, then delivered to the 'test' and the 'prod'
 * automation webhook and to the support staff by mail, each target tracked and retried on its own by the
 * submission engine (../engine.ts), so a stored idea is never lost to a webhook that is down.
 */
import { ideaRequestSchema, type IdeaRecordData, type IdeaRequest } from '@shared/contract/schemas/idea';
import { uploadItems, webhookEnvelope, type UploadItem, type WebhookEnvelope } from '../webhook-envelope';
import { acceptWithUploads } from '../accept';
import type { MailFiles } from '../attachments';
import { deliveryOf, type SubmissionKindDef } from '../kind';
import type { FileStore, MailMessage, WebhookType } from '../ports';
import type { StoredFile, SubmissionRecord } from '../record';
import { headerText, renderSupportMail, type MailField } from '../support-mail';

/** Each stored file as an upload item; a file that cannot be read goes as the error item of spec 000_87e5fbf87b6c3f39.txt §7 "The calls the product makes", item 6. */
export function ideaUploadItems(files: FileStore, stored: readonly StoredFile[]): Promise<UploadItem[]> {
  return uploadItems(files, stored);
}

/** What a webhook receives for an idea: the form values plus submittedAt, and the files as upload items. */
export function ideaWebhookPayload(record: SubmissionRecord<IdeaRecordData>, type: WebhookType, files: FileStore): Promise<WebhookEnvelope<IdeaRecordData>> {
  return webhookEnvelope(record, type, files);
}

/** Every field of an idea as the form labels it, and when it was submitted. */
export function ideaFields(d: IdeaRecordData): MailField[] {
  return [
    ['App title', d.title],
    ['Description', d.description],
    ['Target users', d.targetUsers],
    ['Business sector', d.businessType],
    ['Budget', d.budget],
    ['Full name', d.fullName],
    ['Email', d.email],
    ['Phone', d.phone],
    ['Submitted at', d.submittedAt],
  ];
}

/** The support staff's mail of an idea: every field, submittedAt, and the files attached or linked. */
export function ideaMail(record: SubmissionRecord<IdeaRecordData>, files: MailFiles, to: readonly string[]): MailMessage {
  const d = record.data;
  const { text, html } = renderSupportMail({
    heading: 'New app idea from the Idea Hub',
    fields: [...ideaFields(d), ['Submission id', record.id]],
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
  targets: ['webhook:test', 'webhook:prod', 'mail', 'confirmation'],
  storedData: (fields, now) => ({ ...fields, submittedAt: now.toISOString() }),
  fields: ideaFields,
  lead: (d) => ({ name: d.fullName, email: d.email, organisation: d.title, text: [d.description, d.targetUsers, d.businessType, d.budget].join('\n') }),
  mail: ideaMail,
  webhookPayload: ideaWebhookPayload,
};

export const ideaDelivery = deliveryOf(idea);
export const acceptIdea = acceptWithUploads(idea);
