/** A contact message: stored first, then one notification mail to the support staff, retried until it is out. */
import { contactMessageSchema, industryLabel, type ContactMessage, type ContactMessageData } from '@shared/contract/schemas/contact-message';
import { acceptWithUploads } from '../accept';
import { deliveryOf, type SubmissionKindDef } from '../kind';
import type { MailMessage } from '../ports';
import type { SubmissionRecord } from '../record';
import { headerText, renderSupportMail, type MailField } from '../support-mail';

/** Every field of a contact message as the form labels it. */
export function contactMessageFields(d: ContactMessageData): MailField[] {
  return [
    ['Name', d.name],
    ['Email', d.email],
    ['Phone', d.phone],
    ['Company', d.company],
    ['Industry', industryLabel(d.industry)],
    ['Team size', d.teamSize],
    ['Subject', d.subject],
    ['Message', d.message],
    ['Newsletter', d.newsletter ? 'Yes' : 'No'],
  ];
}

export function contactMessageMail(record: SubmissionRecord<ContactMessageData>, to: readonly string[]): MailMessage {
  const d = record.data;
  const { text, html } = renderSupportMail({
    heading: 'New contact message',
    fields: [...contactMessageFields(d), ['Submission id', record.id], ['Received', record.createdAt]],
    footer: `Reply to this mail to answer ${d.name} directly.`,
  });
  return {
    to,
    replyTo: d.email,
    subject: headerText(`Contact message from ${d.name}: ${d.subject}`),
    text,
    html,
    attachments: [],
  };
}

export const contactMessage: SubmissionKindDef<ContactMessage, ContactMessageData> = {
  kind: 'contactMessage',
  schema: contactMessageSchema,
  targets: ['mail', 'confirmation'],
  storedData: (fields) => fields,
  fields: contactMessageFields,
  lead: (d) => ({ name: d.name, email: d.email, organisation: d.company, text: [d.subject, d.message].join('\n') }),
  // The contact form takes no uploads, so there is nothing to attach or link.
  mail: (record, _files, to) => contactMessageMail(record, to),
};

export const contactMessageDelivery = deliveryOf(contactMessage);
export const acceptContactMessage = acceptWithUploads(contactMessage);
