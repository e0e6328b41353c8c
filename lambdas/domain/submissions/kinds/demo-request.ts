/**
 * A demo request (the Book-a-Free-Demo form): its uploads claimed, stored first, then one notification mail to
 * the support staff (attachments while they fit the mail, 7-day links for the rest), retried until it is out.
 */
import {
  demoRequestSchema,
  interestLabel,
  preferredTimeLabel,
  type DemoRequest,
  type DemoRequestData,
} from '@shared/contract/schemas/demo-request';
import { acceptWithUploads } from '../accept';
import type { MailFiles } from '../attachments';
import { deliveryOf, type SubmissionKindDef } from '../kind';
import type { MailMessage } from '../ports';
import type { SubmissionRecord } from '../record';
import { headerText, renderSupportMail, type MailField } from '../support-mail';

/** Every field of a demo request as the form labels it. */
export function demoRequestFields(d: DemoRequestData): MailField[] {
  return [
    ['Name', d.name],
    ['Email', d.email],
    ['Phone', d.phone],
    ['Company', d.company],
    ['Job title', d.jobTitle],
    ['Team size', d.teamSize],
    ['Areas of interest', d.interests.map(interestLabel).join(', ')],
    ['Preferred meeting time', preferredTimeLabel(d.preferredTime)],
    ['Message', d.message],
    ['Accepted the terms', d.consent ? 'Yes' : 'No'],
  ];
}

export function demoRequestMail(record: SubmissionRecord<DemoRequestData>, files: MailFiles, to: readonly string[]): MailMessage {
  const d = record.data;
  const { text, html } = renderSupportMail({
    heading: 'New demo request',
    fields: [...demoRequestFields(d), ['Submission id', record.id], ['Received', record.createdAt]],
    files,
    footer: `Reply to this mail to answer ${d.name} directly.`,
  });
  return {
    to,
    replyTo: d.email,
    subject: headerText(`Demo request from ${d.name} (${d.company})`),
    text,
    html,
    attachments: files.attachments,
  };
}

export const demoRequest: SubmissionKindDef<DemoRequest, DemoRequestData> = {
  kind: 'demoRequest',
  schema: demoRequestSchema,
  targets: ['mail', 'confirmation'],
  storedData: (fields) => fields,
  fields: demoRequestFields,
  lead: (d) => ({ name: d.name, email: d.email, organisation: d.company, text: [d.jobTitle, d.message].join('\n') }),
  mail: demoRequestMail,
};

export const demoRequestDelivery = deliveryOf(demoRequest);
export const acceptDemoRequest = acceptWithUploads(demoRequest);
