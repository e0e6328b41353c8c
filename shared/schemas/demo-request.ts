/**
 * The Book-a-Free-Demo form (spec sections 3 and 5), word for word.
 *
 * The dialog validates its fields with `demoRequestFieldsSchema`; POST /api/demo-requests validates the same
 * fields plus the keys of the files the browser uploaded beforehand with `demoRequestSchema`, so the visitor
 * sees one set of messages whichever side refuses. The file picker's rules live in shared/uploads.ts
 * (`fileRules.demoRequest`).
 */
import * as z from './zod';
import { sharedMessages } from './messages';
import { uploadedFilesSchema } from '../uploads';
import { emailField } from './auth';
import { honeypotShape } from './honeypot';

/**
 * Upper bounds and the characters we refuse are ours (the spec has none): they keep a submission well inside
 * a DynamoDB item and a mail, keep header-bound values (name, subject) on one line, and refuse markup, so a
 * visitor's text can never become HTML or a mail header on the support staff's side.
 */
export const LEAD_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  company: 120,
  jobTitle: 120,
  subject: 150,
  message: 5000,
} as const;

export const leadMessages = {
  tooLong: sharedMessages.tooLong,
  oneLine: 'Please keep this on one line.',
  controlCharacters: 'Please remove control characters.',
  markup: 'Please remove HTML tags.',
} as const;

// Control characters; a single-line value refuses line breaks and tabs as well (they could start a mail header).
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// An HTML/XML tag, comment or doctype: `<script>`, `</b>`, `<img src=x>`, `<!-- -->`.
// Text like "budget < 5k and > 1k" stays allowed: a tag name must follow the `<` directly.
const MARKUP = /<\/?[a-z][a-z0-9-]*(?:[\s/][^>]*)?>|<![a-z[-]/i;
const PHONE = /^\+?[0-9\s()./-]+$/;

/** A trimmed text of min..max characters, its own control characters refused, and no markup. */
const text = (min: number, max: number, message: string, control: RegExp, controlMessage: string) =>
  z
    .string({ message })
    .check(
      z.trim(),
      z.minLength(min, message),
      z.maxLength(max, leadMessages.tooLong(max)),
      z.refine((v) => !control.test(v), controlMessage),
      z.refine((v) => !MARKUP.test(v), leadMessages.markup),
    );

/** A one-line text (names, titles, the subject) with the spec's minimum and message. */
export const singleLineText = (min: number, max: number, message: string) =>
  text(min, max, message, SINGLE_LINE_CONTROL, leadMessages.oneLine);

/** A multi-line text (the message): line breaks allowed, other control characters not. */
export const multiLineText = (min: number, max: number, message: string) =>
  text(min, max, message, MULTI_LINE_CONTROL, leadMessages.controlCharacters);

/** The spec's rule is "at least 10 characters"; digits and the usual separators only, with the same message. */
export const phoneField = (message: string) =>
  z
    .string({ message })
    .check(z.trim(), z.minLength(10, message), z.maxLength(LEAD_LIMITS.phone, leadMessages.tooLong(LEAD_LIMITS.phone)), z.regex(PHONE, message));

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
  name: singleLineText(2, LEAD_LIMITS.name, demoMessages.name),
  email: leadEmailField(demoMessages.email),
  phone: phoneField(demoMessages.phone),
  company: singleLineText(2, LEAD_LIMITS.company, demoMessages.company),
  jobTitle: singleLineText(2, LEAD_LIMITS.jobTitle, demoMessages.jobTitle),
  teamSize: z.enum(teamSizes, { message: demoMessages.teamSize }),
  interests: z
    .array(z.enum(interestValues, { message: demoMessages.interests }), { message: demoMessages.interests })
    .check(
      z.minLength(1, demoMessages.interests),
      z.maxLength(interestValues.length, demoMessages.interests),
      z.refine((list) => new Set(list).size === list.length, demoMessages.interests),
    ),
  message: multiLineText(10, LEAD_LIMITS.message, demoMessages.message),
  preferredTime: z.enum(preferredTimeValues, { message: demoMessages.preferredTime }),
  consent: z.literal(true, { message: demoMessages.consent }),
  ...honeypotShape,
});

/** The API body: the form's fields plus the keys of the uploaded files (none is fine). */
export const demoRequestSchema = z.extend(demoRequestFieldsSchema, { files: uploadedFilesSchema });

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
