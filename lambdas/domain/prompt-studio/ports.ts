/**
 * What the prompt studio needs from the outside world, as interfaces: the studio's table (lambdas/data/prompt-studios.ts),
 * the purchases, the operator's prompt webhook and the staff's notices. Unit tests pass in-memory ones.
 */
import type { StudioAppId } from '@shared/contract/schemas/prompt-studio/answers';
import type { PromptVersion, VersionSource, VersionSummary } from '@shared/contract/schemas/prompt-studio/requests';

/** A purchase's studio, apart from its versions. */
export interface StudioRecord {
  readonly sessionId: string;
  readonly appId: StudioAppId;
  /** The answers as last kept while typing (unchecked: a half-filled form). */
  readonly draft?: unknown;
  readonly draftKeptAt?: string;
  /** The last failure of the prompt webhook. */
  readonly lastFailure?: { readonly at: string; readonly message: string };
  /** How many times the prompt webhook failed for this purchase. */
  readonly failures?: number;
}

/** A version as stored. */
export type StoredVersion = PromptVersion;

/** What a new version is made of (its number is the store's to give). */
export interface NewVersion {
  readonly createdAt: string;
  readonly source: VersionSource;
  readonly basedOn?: number;
  readonly text: string;
  readonly answers?: unknown;
}

/** The two per-purchase limits: versions saved, and answers kept while typing. */
export type StudioLimit = 'versions' | 'keeps';

export interface StudioStore {
  get(sessionId: string): Promise<StudioRecord | undefined>;
  /** Keeps the answers as they are typed (creates the studio if need be). */
  keepDraft(sessionId: string, appId: StudioAppId, answers: unknown, at: Date): Promise<void>;
  /**
   * Counts one use of `limit` within a window of `windowSeconds`; false (nothing counted) when `max` were made in the
   * current window.
   */
  count(sessionId: string, appId: StudioAppId, limit: StudioLimit, now: Date, max: number, windowSeconds: number): Promise<boolean>;
  /** Every version's summary, newest first. */
  listVersions(sessionId: string): Promise<VersionSummary[]>;
  getVersion(sessionId: string, number: number): Promise<StoredVersion | undefined>;
  latestVersion(sessionId: string): Promise<StoredVersion | undefined>;
  /** Stores the next version (the number after the latest, never overwriting one written meanwhile). */
  addVersion(sessionId: string, appId: StudioAppId, version: NewVersion): Promise<StoredVersion>;
  /** Records a failure of the prompt webhook; answers how many there have been for this purchase. */
  noteFailure(sessionId: string, appId: StudioAppId, failure: { at: string; message: string }): Promise<number>;
}

/** The table as a person's export and erasure see it (lambdas/domain/leads/person.ts): the buyer's data. */
export interface StudioRecords {
  /** Everything stored for the purchase (a person's export): the studio and its versions, oldest first. */
  everything(sessionId: string): Promise<{ studio: StudioRecord; versions: StoredVersion[] } | undefined>;
  /** Deletes the purchase's studio and every version (a person's erasure); answers how many items went. */
  remove(sessionId: string): Promise<number>;
}

/** The operator's prompt webhook: POSTs the body as JSON, answers the status and the body's text. */
export interface StudioWebhook {
  post(body: object): Promise<{ status: number; text: string }>;
}
