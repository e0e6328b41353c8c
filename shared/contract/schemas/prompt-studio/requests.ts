/**
 * The prompt studio's API (issue 40): what the studio screen sends and what the prompt-studio function answers,
 * for the browser that paid (its httpOnly cookie) and, on the `account` routes, for a purchase in the signed-in
 * account. The purchase is named by its Checkout session and proven as for Get prompt.
 */
import * as z from '../zod';
import { hasLoneSurrogate } from '../fields';
import { checkoutSessionId } from '../purchases';
import type { StudioAnswers, StudioAppId } from './answers';

/** How long a hand-edited prompt may be (a generous system prompt is 10,000-20,000 characters). */
export const PROMPT_TEXT_MAX = 60_000;

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

export const promptFileFormats = ['md', 'txt', 'json'] as const;
export type PromptFileFormat = (typeof promptFileFormats)[number];

/** Download a version as Markdown or plain text, or its answers as JSON. */
export const promptFileSchema = z.strictObject({
  sessionId: checkoutSessionId,
  version: versionNumber,
  format: z.enum(promptFileFormats, { message: 'Please choose Markdown, plain text or the answers (JSON).' }),
});
export type PromptFileRequest = z.infer<typeof promptFileSchema>;

/** Where a version came from. */
export type VersionSource = 'writer' | 'webhook' | 'edit' | 'restore';

export const versionSourceLabels: Readonly<Record<VersionSource, string>> = {
  writer: 'Written from your answers',
  webhook: 'Written from your answers by the prompt service',
  edit: 'Edited by hand',
  restore: 'Restored',
};

export interface VersionSummary {
  readonly number: number;
  readonly createdAt: string;
  readonly source: VersionSource;
  /** The version an edit started from, or the one restored. */
  readonly basedOn?: number;
  readonly characters: number;
}

export interface PromptVersion extends VersionSummary {
  readonly text: string;
  /** The answers the version was written from (restored and edited versions carry their origin's). */
  readonly answers?: StudioAnswers;
}

export interface StudioState {
  readonly purchase: { readonly sessionId: string; readonly appId: StudioAppId; readonly appName: string };
  /** The answers to show in the form: the ones kept while typing, else the latest version's, else the starting ones. */
  readonly answers: unknown;
  /** When the answers were last kept (absent: never). */
  readonly answersKeptAt?: string;
  /** Newest first. */
  readonly versions: readonly VersionSummary[];
  /** The version asked for, or the latest; absent before the first. */
  readonly version?: PromptVersion;
  /** The last failure of the prompt service, when it came after the latest version. */
  readonly lastFailure?: { readonly at: string; readonly message: string };
}

export interface KeptAnswers {
  readonly keptAt: string;
}

export interface NewVersionAnswer {
  readonly version: PromptVersion;
}

export const studioMessages = {
  /** Per purchase: revisions are unlimited, a flood is not. */
  tooManyVersions: (perWindow: number, minutes: number) =>
    `You have saved ${perWindow} versions in the last ${minutes} minutes. Your answers are kept: please wait a few minutes, then save again.`,
  tooManyKeeps: 'Your answers are being saved too often. They are kept in this browser; saving resumes in a few minutes.',
  noVersion: 'There is no such version of this prompt.',
  notStudioApp: 'This purchase has no customization form.',
  serviceFailed: (detail: string) =>
    `The prompt service did not write your prompt (${detail}). Your answers are saved: please try again in a few minutes.`,
  tooLong: `The prompt service answered with a prompt over ${PROMPT_TEXT_MAX.toLocaleString('en-US')} characters, which is not kept. Your answers are saved: please try again later.`,
} as const;
