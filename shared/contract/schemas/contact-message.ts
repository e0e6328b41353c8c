/**
 * The contact form on /contact (spec sections 3 and 5), word for word. The form and POST /api/contact-messages
 * validate with this one schema. Where section 5 gives the contact form a rule but no own wording (name, e-mail,
 * phone, company, team size), the demo form's text for the same field is used.
 */
import * as z from './zod';
import { LEAD_LIMITS, demoMessages, leadEmailField, teamSizes } from './demo-request';
import { multiLineText, oneLineText, phoneField } from './fields';
import { honeypotShape } from './honeypot';

/** Spec section 3, "industry": value and the label the form and the mail show. */
export const industries = [
  { value: 'technology', label: 'Technology' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'finance', label: 'Finance' },
  { value: 'retail', label: 'Retail' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'other', label: 'Other' },
] as const;
export type Industry = (typeof industries)[number]['value'];
const industryValues = industries.map((i) => i.value) as [Industry, ...Industry[]];

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

/** What the form holds before validation (selects start empty; the newsletter box starts unticked). */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  industry: string;
  teamSize: string;
  subject: string;
  message: string;
  newsletter: boolean;
}

export const emptyContactForm: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  industry: '',
  teamSize: '',
  subject: '',
  message: '',
  newsletter: false,
};

export const industryLabel = (value: string): string => industries.find((i) => i.value === value)?.label ?? value;
