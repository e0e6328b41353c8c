/**
 * A demo request: claimed uploads, stored first, then one notification mail to the support staff (attachments
 * while they fit the mail, 7-day links for the rest), retried by the delivery engine until it is out.
 */
import {
  interestLabel,
  preferredTimeLabel,
  type DemoRequest,
  type DemoRequestData,
} from '../../../../shared/schemas/demo-request';
import { attachOrLink, claimUploads, type MailFiles } from '../attachments';
import type { SubmissionRecord } from '../record';
import type { MailMessage } from '../ports';
import { acceptSubmission, type Accepted, type DeliveryPlan, type SubmissionDeps } from '../engine';
import { headerText, renderSupportMail } from '../support-mail';
import { findRepeat } from '../accept';

export const MAIL_TARGET = 'mail';

export function demoRequestMail(record: SubmissionRecord<DemoRequestData>, files: MailFiles, to: readonly string[]): MailMessage {
  const d = record.data;
  const { text, html } = renderSupportMail({
    heading: 'New demo request',
    fields: [
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
      ['Submission id', record.id],
      ['Received', record.createdAt],
    ],
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

export const demoRequestPlan: DeliveryPlan<DemoRequestData> = {
  kind: 'demoRequest',
  targets: [MAIL_TARGET],
  async send(target, record, ports) {
    if (target !== MAIL_TARGET) throw new Error(`Unknown delivery target ${target}`);
    if (ports.mailTo.length === 0) throw new Error('MAIL_TO names no support recipients');
    const files = await attachOrLink(ports.files, record.files);
    await ports.mail.send(demoRequestMail(record, files, ports.mailTo));
  },
};

/**
 * Accepts a demo request under the client's submission id. A repeat of a stored id answers that id without
 * touching anything; otherwise every upload is checked and copied BEFORE the record is written, so a bad file
 * refuses the request and no half-written submission ever exists.
 */
export async function acceptDemoRequest(deps: SubmissionDeps, id: string, request: DemoRequest): Promise<Accepted> {
  const repeat = await findRepeat(deps, id, 'demoRequest');
  if (repeat) return repeat;
  const { files: keys, ...data } = request;
  const files = await claimUploads(deps.ports.files, 'demoRequest', keys, id);
  return acceptSubmission<DemoRequestData>(deps, { id, kind: 'demoRequest', data, files });
}
