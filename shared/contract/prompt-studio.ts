/**
 * The prompt studio's contract without its schemas (issue 40): what the studio screen and the prompt-studio function
 * exchange (shapes, limits, labels and messages). The request schemas are shared/contract/schemas/prompt-studio/
 * requests.ts; this module carries no zod, so the screen's code holds only the answers' schemas it validates with.
 */
import type { StudioAppId } from '../content/prompt-studio/apps';
import type { StudioAnswers } from './schemas/prompt-studio/answers';

/** How long a hand-edited prompt may be (a generous system prompt is 10,000-20,000 characters). */
export const PROMPT_TEXT_MAX = 60_000;

export const promptFileFormats = ['md', 'txt', 'json'] as const;
export type PromptFileFormat = (typeof promptFileFormats)[number];

/** What the studio screen sends for a new version (checked by requests.ts `newVersionSchema`). */
export type NewVersionBody =
  | { readonly sessionId: string; readonly source: 'answers'; readonly answers: Record<string, unknown> }
  | { readonly sessionId: string; readonly source: 'edit'; readonly basedOn: number; readonly text: string }
  | { readonly sessionId: string; readonly source: 'restore'; readonly version: number };

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
} as const;
