/**
 * The Book-a-Free-Demo form (spec sections 3 and 5), word for word.
 *
 * The dialog validates its fields with `demoRequestFieldsSchema`; POST /api/demo-requests validates the same
 * fields plus the keys of the files the browser uploaded beforehand with `demoRequestSchema`, so the visitor
 * sees one set of messages whichever side refuses. The file picker's rules live in shared/contract/uploads.ts
 * (`fileRules.demoRequest`).
 */
import * as z from './zod';
import { sharedMessages } from './messages';
import { uploadedFilesSchema } from '../uploads';
import { emailField } from './auth';
import { PHONE_MAX_LENGTH, multiLineText, oneLineText, phoneField } from './fields';
import { honeypotShape } from './honeypot';

/**
 * Upper bounds are ours (the spec has none): they keep a submission well inside a DynamoDB item and a mail.
 * The characters every text field refuses are shared/contract/schemas/fields.ts's, the same on every form.
 */
export const LEAD_LIMITS = {
  name: 100,
  email: 254,
  phone: PHONE_MAX_LENGTH,
  company: 120,
  jobTitle: 120,
  subject: 150,
  message: 5000,
} as const;

/** The e-mail rule of the account forms, bounded (RFC 5321) so a huge string is refused before the pattern runs. */
export const leadEmailField = (message: string) =>
  z.pipe(z.string({ message }).check(z.maxLength(LEAD_LIMITS.email, message)), emailField);

/** Spec section 3, "interests": value and the label the form and the mail show. */
export const demoInterests = [
  { value: 'sdr', label: 'SDR/Lead Qualification' },
  { value: 'support', label: 'Customer Support' },
  { value: 'email', label: 'Email Management' },
  { value: 'social', label: 'Social Media Management' },
  { value: 'website', label: 'Website Design' },
  { value: 'custom', label: 'Custom Solution' },
] as const;
export type DemoInterest = (typeof demoInterests)[number]['value'];
const interestValues = demoInterests.map((i) => i.value) as [DemoInterest, ...DemoInterest[]];

/** Spec section 3, "teamSize" (shared with the contact form). */
export const teamSizes = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;
export type TeamSize = (typeof teamSizes)[number];

/** Spec section 3, "preferredTime". */
export const preferredTimes = [
  { value: 'morning', label: 'Morning (9 AM - 12 PM EST)' },
  { value: 'afternoon', label: 'Afternoon (1 PM - 5 PM EST)' },
  { value: 'evening', label: 'Evening (6 PM - 9 PM EST)' },
] as const;
export type PreferredTime = (typeof preferredTimes)[number]['value'];
const preferredTimeValues = preferredTimes.map((t) => t.value) as [PreferredTime, ...PreferredTime[]];

export const demoMessages = {
  name: 'Name must be at least 2 characters.',
  email: sharedMessages.email,
  phone: sharedMessages.phone,
  company: 'Company name is required.',
  jobTitle: 'Job title is required.',
  teamSize: 'Please select your team size.',
  interests: 'Please select at least one area of interest.',
  message: 'Please provide more details about your needs.',
  preferredTime: 'Please select your preferred meeting time.',
  consent: 'You must accept the terms.',
} as const;

export const demoRequestFieldsSchema = z.object({
  name: oneLineText('Name', { min: 2, max: LEAD_LIMITS.name, message: demoMessages.name }),
  email: leadEmailField(demoMessages.email),
  phone: phoneField(demoMessages.phone),
  company: oneLineText('Company', { min: 2, max: LEAD_LIMITS.company, message: demoMessages.company }),
  jobTitle: oneLineText('Job title', { min: 2, max: LEAD_LIMITS.jobTitle, message: demoMessages.jobTitle }),
  teamSize: z.enum(teamSizes, { message: demoMessages.teamSize }),
  interests: z
    .array(z.enum(interestValues, { message: demoMessages.interests }), { message: demoMessages.interests })
    .check(
      z.minLength(1, demoMessages.interests),
      z.maxLength(interestValues.length, demoMessages.interests),
      z.refine((list) => new Set(list).size === list.length, demoMessages.interests),
    ),
  message: multiLineText('Message', { min: 10, max: LEAD_LIMITS.message, message: demoMessages.message }),
  preferredTime: z.enum(preferredTimeValues, { message: demoMessages.preferredTime }),
  consent: z.literal(true, { message: demoMessages.consent }),
  ...honeypotShape,
});

/**
 * The API body: the form's fields plus the keys of the uploaded files (none is fine). Strict, as the idea's: a
 * key the form never sends (`__proto__`, `constructor`, anything else) is refused rather than dropped unread.
 */
export const demoRequestSchema = z.strictObject({ ...demoRequestFieldsSchema.shape, files: uploadedFilesSchema });

export type DemoRequestFields = z.infer<typeof demoRequestFieldsSchema>;
export type DemoRequest = z.infer<typeof demoRequestSchema>;
/** What the stored submission keeps as its data (the files are kept apart, as checked copies). */
export type DemoRequestData = DemoRequestFields;

/** What the dialog holds before validation (selects start empty, the consent box unticked). */
export interface DemoFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  jobTitle: string;
  teamSize: string;
  interests: string[];
  message: string;
  preferredTime: string;
  consent: boolean;
}

export const emptyDemoForm: DemoFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  jobTitle: '',
  teamSize: '',
  interests: [],
  message: '',
  preferredTime: '',
  consent: false,
};

export const interestLabel = (value: string): string => demoInterests.find((i) => i.value === value)?.label ?? value;
export const preferredTimeLabel = (value: string): string =>
  preferredTimes.find((t) => t.value === value)?.label ?? value;
