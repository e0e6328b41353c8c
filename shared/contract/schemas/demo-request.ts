/**
 * The Book-a-Free-Demo form (spec 000_87e5fbf87b6c3f39.txt §3 and 5), word for word.
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
import { PHONE_MAX_LENGTH, choiceLabel, choiceValues, multiLineText, oneLineText, phoneField } from './fields';
import { honeypotShape } from './honeypot';
import { demoInterests, preferredTimes, teamSizes } from '../forms';

export {
  demoInterests,
  emptyDemoForm,
  preferredTimes,
  teamSizes,
  type DemoFormValues,
  type DemoInterest,
  type PreferredTime,
  type TeamSize,
} from '../forms';

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

const interestValues = choiceValues(demoInterests);

const preferredTimeValues = choiceValues(preferredTimes);

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

export const interestLabel = (value: string): string => choiceLabel(demoInterests, value);
export const preferredTimeLabel = (value: string): string => choiceLabel(preferredTimes, value);
