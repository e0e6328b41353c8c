/** A contact message: stored first, then one notification mail to the support staff, retried until it is out. */
import { industryLabel, type ContactMessage, type ContactMessageData } from '../../../../shared/schemas/contact-message';
import type { SubmissionRecord } from '../record';
import type { MailMessage } from '../ports';
import { findRepeat } from '../accept';
import { acceptSubmission, type Accepted, type DeliveryPlan, type SubmissionDeps } from '../engine';
import { headerText, renderSupportMail } from '../support-mail';

export const MAIL_TARGET = 'mail';

export function contactMessageMail(record: SubmissionRecord<ContactMessageData>, to: readonly string[]): MailMessage {
  const d = record.data;
  const { text, html } = renderSupportMail({
    heading: 'New contact message',
    fields: [
      ['Name', d.name],
      ['Email', d.email],
      ['Phone', d.phone],
      ['Company', d.company],
      ['Industry', industryLabel(d.industry)],
      ['Team size', d.teamSize],
      ['Subject', d.subject],
      ['Message', d.message],
      ['Newsletter', d.newsletter ? 'Yes' : 'No'],
      ['Submission id', record.id],
      ['Received', record.createdAt],
    ],
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

export const contactMessagePlan: DeliveryPlan<ContactMessageData> = {
  kind: 'contactMessage',
  targets: [MAIL_TARGET],
  async send(target, record, ports) {
    if (target !== MAIL_TARGET) throw new Error(`Unknown delivery target ${target}`);
    if (ports.mailTo.length === 0) throw new Error('MAIL_TO names no support recipients');
    await ports.mail.send(contactMessageMail(record, ports.mailTo));
  },
};

export async function acceptContactMessage(deps: SubmissionDeps, id: string, message: ContactMessage): Promise<Accepted> {
  const repeat = await findRepeat(deps, id, 'contactMessage');
  if (repeat) return repeat;
  return acceptSubmission<ContactMessageData>(deps, { id, kind: 'contactMessage', data: message, files: [] });
}
