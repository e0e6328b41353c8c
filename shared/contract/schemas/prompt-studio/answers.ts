/**
 * The prompt studio's answers, whichever of the three apps was bought: one schema per app (agent-answers.ts,
 * content-answers.ts, support-answers.ts), chosen by `appId`. `checkAnswers` is what the form's resolver and the
 * API both call, with messages keyed by the field's dotted path (`business.name`, `offerings.0.price`), the names the
 * form's inputs carry.
 */
import { isStudioApp, studioAppIds, type StudioAppId } from '../../../content/prompt-studio/apps';
import * as z from '../zod';
import { AGENT_APP_ID, agentAnswersSchema, emptyAgentAnswers, type AgentAnswers } from './agent-answers';
import { CONTENT_APP_ID, contentAnswersSchema, emptyContentAnswers, type ContentAnswers } from './content-answers';
import { SUPPORT_APP_ID, emptySupportAnswers, supportAnswersSchema, type SupportAnswers } from './support-answers';

export { AGENT_APP_ID, CONTENT_APP_ID, SUPPORT_APP_ID };
export type { AgentAnswers, ContentAnswers, SupportAnswers };

export type StudioAnswers = AgentAnswers | ContentAnswers | SupportAnswers;
export type { StudioAppId };
export { isStudioApp, studioAppIds };

export const answersSchemas: Readonly<Record<StudioAppId, z.ZodMiniType>> = {
  [AGENT_APP_ID]: agentAnswersSchema,
  [CONTENT_APP_ID]: contentAnswersSchema,
  [SUPPORT_APP_ID]: supportAnswersSchema,
} as const;

/** Messages per field, keyed by dotted path; '_' for the answers as a whole. */
export type AnswerErrors = Record<string, string[]>;

export function answerErrorsOf(error: z.core.$ZodError): AnswerErrors {
  const out = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    out.set(key, [...(out.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(out);
}

export const wrongAppMessage = 'These answers are for another app.';

/** The answers of `appId`'s form, checked: the answers, or the messages per field. */
export function checkAnswers(appId: StudioAppId, value: unknown): { ok: true; answers: StudioAnswers } | { ok: false; errors: AnswerErrors } {
  if (typeof value !== 'object' || value === null || (value as { appId?: unknown }).appId !== appId) {
    return { ok: false, errors: { appId: [wrongAppMessage] } };
  }
  const parsed = answersSchemas[appId].safeParse(value);
  return parsed.success ? { ok: true, answers: parsed.data as StudioAnswers } : { ok: false, errors: answerErrorsOf(parsed.error) };
}

/** Where a form starts for a purchase of `appId`: the first app from the marketplace's choices, the others empty. */
export function emptyAnswers(appId: StudioAppId, choice?: { fieldId: string; subcategoryId: string; productId?: string | undefined }): StudioAnswers {
  if (appId === AGENT_APP_ID) return emptyAgentAnswers(choice ?? { fieldId: 'customer-support', subcategoryId: 'dentistry-offices', productId: 'appointment-reminder-bot' });
  if (appId === CONTENT_APP_ID) return emptyContentAnswers();
  return emptySupportAnswers();
}

/**
 * The answers file (downloaded as JSON, loaded again by the form): a versioned envelope around the answers, so a
 * file from a later format is recognised rather than misread.
 */
export const ANSWERS_FILE_FORMAT = 'cadence-prompt-studio-answers';
export const ANSWERS_FILE_VERSION = 1;

export interface AnswersFile {
  readonly format: typeof ANSWERS_FILE_FORMAT;
  readonly formatVersion: typeof ANSWERS_FILE_VERSION;
  readonly appId: StudioAppId;
  readonly appName: string;
  /** The prompt version these answers wrote, when the file is a version's. */
  readonly promptVersion?: number;
  readonly exportedAt: string;
  readonly answers: StudioAnswers;
}

export const answersFileMessages = {
  notJson: 'This file is not an answers file: it is not JSON.',
  notAnswers: 'This file is not an answers file of the prompt studio.',
  newer: 'This answers file was made by a newer version of the site.',
  otherApp: 'This answers file is for another app.',
} as const;

/** The answers a file holds, for the form to load (checked again when saved): else why not. */
export function readAnswersFile(text: string, appId: StudioAppId): { ok: true; answers: unknown } | { ok: false; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: answersFileMessages.notJson };
  }
  const file = data as Partial<AnswersFile> | null;
  if (typeof file !== 'object' || file === null || file.format !== ANSWERS_FILE_FORMAT || typeof file.answers !== 'object' || file.answers === null) {
    return { ok: false, message: answersFileMessages.notAnswers };
  }
  if (file.formatVersion !== ANSWERS_FILE_VERSION) return { ok: false, message: answersFileMessages.newer };
  if (file.appId !== appId || (file.answers as { appId?: unknown }).appId !== appId) return { ok: false, message: answersFileMessages.otherApp };
  return { ok: true, answers: file.answers };
}
