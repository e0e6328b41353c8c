/**
 * The contact form on /contact (spec 000_87e5fbf87b6c3f39.txt §3 and 5), word for word. The form and POST /api/contact-messages
 * validate with this one schema. Where section 5 gives the contact form a rule but no own wording (name, e-mail,
 * phone, company, team size), the demo form's text for the same field is used.
 */
import * as z from './zod';
import { LEAD_LIMITS, demoMessages, leadEmailField, teamSizes } from './demo-request';
import { choiceLabel, choiceValues, multiLineText, oneLineText, phoneField } from './fields';
import { honeypotShape } from './honeypot';
import { industries } from '../forms';

export { emptyContactForm, industries, type ContactFormValues, type Industry } from '../forms';

const industryValues = choiceValues(industries);

export const contactMessages = {
  name: demoMessages.name,
  email: demoMessages.email,
  phone: demoMessages.phone,
  company: demoMessages.company,
  industry: 'Please select your industry.',
  teamSize: demoMessages.teamSize,
  subject: 'Subject is required.',
  message: 'Please provide more details in your message.',
} as const;

/** Strict: a key the form never sends (`__proto__`, `constructor`, anything else) is refused, not dropped unread. */
export const contactMessageSchema = z.strictObject({
  name: oneLineText('Name', { min: 2, max: LEAD_LIMITS.name, message: contactMessages.name }),
  email: leadEmailField(contactMessages.email),
  phone: phoneField(contactMessages.phone),
  company: oneLineText('Company', { min: 2, max: LEAD_LIMITS.company, message: contactMessages.company }),
  industry: z.enum(industryValues, { message: contactMessages.industry }),
  teamSize: z.enum(teamSizes, { message: contactMessages.teamSize }),
  subject: oneLineText('Subject', { min: 5, max: LEAD_LIMITS.subject, message: contactMessages.subject }),
  message: multiLineText('Message', { min: 20, max: LEAD_LIMITS.message, message: contactMessages.message }),
  newsletter: z._default(z.boolean({ message: 'Please choose yes or no.' }), false),
  ...honeypotShape,
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactMessageData = ContactMessage;

export const industryLabel = (value: string): string => choiceLabel(industries, value);
