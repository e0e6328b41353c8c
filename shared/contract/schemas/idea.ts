/**
 * The Idea Hub form (spec 000_87e5fbf87b6c3f39.txt §3 and 5, the first reading of the app idea rules), word for word.
 *
 * The form validates its fields with `ideaFieldsSchema`; POST /api/ideas validates the same fields plus the
 * keys of the files the browser uploaded beforehand with `ideaRequestSchema`, so the visitor sees one set of
 * messages whichever side refuses. The file picker's own rules live in shared/contract/uploads.ts (`fileRules.idea`).
 */
import * as z from './zod';
import { sharedMessages } from './messages';
import { uploadedFilesSchema } from '../uploads';
import { emailField } from './auth';
import { PHONE_MAX_LENGTH, multiLineText, oneLineText, phoneField } from './fields';
import { honeypotShape } from './honeypot';
import { ideaBudgets, ideaBusinessTypes, type IdeaFormValues } from '../forms';

export { emptyIdeaForm, ideaBudgets, ideaBusinessTypes, type IdeaBudget, type IdeaBusinessType, type IdeaFormValues } from '../forms';

export const ideaMessages = {
  title: 'App title must be at least 2 characters.',
  description: 'Please provide more details about your app idea.',
  targetUsers: 'Please describe your target users.',
  businessType: 'Please select a business sector.',
  budget: 'Please indicate your budget.',
  fullName: 'Full name must be at least 2 characters.',
  // The spec gives no own wording for these two on the idea form; the demo form's texts are used.
  email: sharedMessages.email,
  phone: sharedMessages.phone,
  // Upper bounds are ours (the spec has none): they keep one idea well inside a DynamoDB item and a mail.
  tooLong: sharedMessages.tooLong,
} as const;

export const IDEA_LIMITS = {
  title: 120,
  description: 5000,
  targetUsers: 2000,
  fullName: 100,
  phone: PHONE_MAX_LENGTH,
} as const;

/** A select value: one of the listed options, else the select's message (an empty choice included). */
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { message });

export const ideaFieldsSchema = z.object({
  title: oneLineText('App title', { min: 2, max: IDEA_LIMITS.title, message: ideaMessages.title }),
  description: multiLineText('Description', { min: 20, max: IDEA_LIMITS.description, message: ideaMessages.description }),
  targetUsers: multiLineText('Target users', { min: 5, max: IDEA_LIMITS.targetUsers, message: ideaMessages.targetUsers }),
  businessType: choice(ideaBusinessTypes, ideaMessages.businessType),
  budget: choice(ideaBudgets, ideaMessages.budget),
  fullName: oneLineText('Full name', { min: 2, max: IDEA_LIMITS.fullName, message: ideaMessages.fullName }),
  email: z.pipe(z.string({ message: ideaMessages.email }), emailField),
  // The demo form's phone rule (digits and separators only): a phone that is not a phone never reaches a webhook.
  phone: phoneField(ideaMessages.phone),
  ...honeypotShape,
});
export type IdeaFields = z.infer<typeof ideaFieldsSchema>;
type Expect<T extends true> = T;
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
/** Compiles only while the form's values (../forms.ts, where the form reads them without zod) name exactly these fields. */
export type IdeaFormMatchesSchema = Expect<SameKeys<IdeaFormValues, IdeaFields>>;

/** POST /api/ideas: the fields plus the keys of the uploaded supporting documents (at most 5). */
export const ideaRequestSchema = z.strictObject({ ...ideaFieldsSchema.shape, files: uploadedFilesSchema });
export type IdeaRequest = z.infer<typeof ideaRequestSchema>;

/** The stored idea and the `data` the automation webhooks receive: the form values plus `submittedAt` (ISO). */
export type IdeaRecordData = IdeaFields & { readonly submittedAt: string };

/** POST /api/ideas answers 201 with the idea's id. */
export interface IdeaCreated {
  readonly id: string;
}

