/**
 * The prompt studio's API (issue 40): what the studio screen sends and what the prompt-studio function answers,
 * for the browser that paid (its httpOnly cookie) and, on the `account` routes, for a purchase in the signed-in
 * account. The purchase is named by its Checkout session and proven as for Get prompt.
 */
import * as z from '../zod';
import { hasLoneSurrogate } from '../fields';
import { checkoutSessionId } from '../purchases';
import { PROMPT_TEXT_MAX, promptFileFormats } from '../../prompt-studio';

export * from '../../prompt-studio';

const versionNumber = z.number({ message: 'Please choose a version.' }).check(z.int('Please choose a version.'), z.minimum(1, 'Please choose a version.'), z.maximum(1_000_000, 'Please choose a version.'));

/** Open the studio: the answers kept, the versions, and one version's text (the latest, or `version`). */
export const openStudioSchema = z.strictObject({ sessionId: checkoutSessionId, version: z.optional(versionNumber) });
export type OpenStudioRequest = z.infer<typeof openStudioSchema>;

/**
 * Keep the answers as they are typed (checked only for their size and app here: a half-filled form is kept as it
 * is; a version is only written from answers the app's schema accepts).
 */
export const keepAnswersSchema = z.strictObject({
  sessionId: checkoutSessionId,
  answers: z.record(z.string(), z.unknown(), { message: 'The answers must be an object.' }),
});
export type KeepAnswersRequest = z.infer<typeof keepAnswersSchema>;

/** A new version: written from answers, typed by hand (based on a version), or a version restored. */
export const newVersionSchema = z.discriminatedUnion(
  'source',
  [
    z.strictObject({ sessionId: checkoutSessionId, source: z.literal('answers'), answers: z.record(z.string(), z.unknown(), { message: 'The answers must be an object.' }) }),
    z.strictObject({
      sessionId: checkoutSessionId,
      source: z.literal('edit'),
      basedOn: versionNumber,
      text: z.string({ message: 'Please enter the prompt.' }).check(
        z.refine((v) => v.trim().length > 0, 'Please enter the prompt.'),
        z.maxLength(PROMPT_TEXT_MAX, `Please keep the prompt under ${PROMPT_TEXT_MAX.toLocaleString('en-US')} characters.`),
        z.refine((v) => !hasLoneSurrogate(v), 'The prompt contains characters that are not allowed.'),
        // oxlint-disable-next-line no-control-regex -- refusing control characters is the point
        z.refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), 'The prompt contains characters that are not allowed.'),
      ),
    }),
    z.strictObject({ sessionId: checkoutSessionId, source: z.literal('restore'), version: versionNumber }),
  ],
  { message: 'Please say how the new version is made: from the answers, by hand, or by restoring one.' },
);
export type NewVersionRequest = z.infer<typeof newVersionSchema>;
export type { PromptFileFormat } from '../../prompt-studio';

/** Download a version as Markdown or plain text, or its answers as JSON. */
export const promptFileSchema = z.strictObject({
  sessionId: checkoutSessionId,
  version: versionNumber,
  format: z.enum(promptFileFormats, { message: 'Please choose Markdown, plain text or the answers (JSON).' }),
});
export type PromptFileRequest = z.infer<typeof promptFileSchema>;

