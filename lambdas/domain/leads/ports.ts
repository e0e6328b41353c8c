/**
 * What the staff console's domain (the leads inbox, working a lead, exports, a person's data) needs from the
 * outside world, as interfaces. lambdas/data and lambdas/adapters implement them; lambdas/composition/staff.ts
 * wires them; unit tests pass plain objects.
 */
import type { HistoryEntry, LeadStatus, OverallDeliveryState, SubmissionKind } from '@shared/contract/staff-console';
import type { Purchase } from '../purchases/record';
import type { SubmissionRecord } from '../submissions/record';

/** The inbox indexes (shared/deployment/manifest.ts `tables.submissions.indexes`). */
export type InboxIndexName = 'inbox' | 'inboxByKind' | 'inboxByStatus' | 'inboxByKindStatus' | 'byEmail';

/** A key of an inbox index page: the table's key and the index's keys, all strings. */
export type PageKey = Readonly<Record<string, string>>;

/** One Query on one inbox index, newest first. */
export interface InboxRead {
  readonly index: InboxIndexName;
  readonly partition: { readonly name: string; readonly value: string };
  /** Bounds of the sort key `receivedKey`, inclusive. */
  readonly range?: { readonly from: string; readonly to: string };
  /** Conditions on the projected attributes (a Query's filter: read, then dropped). */
  readonly where: {
    readonly kind?: SubmissionKind;
    readonly status?: LeadStatus;
    readonly reference?: string;
    /** Words the search text must all contain (already made `searchable`). */
    readonly words?: readonly string[];
    /** Epoch seconds: rows whose `expiresAt` has passed are dropped (DynamoDB's TTL deletes within days). */
    readonly aliveAt: number;
  };
  readonly startKey?: PageKey;
  /** How many index entries to read (filters apply after). */
  readonly limit: number;
}

/** An inbox row as the index carries it. */
export interface InboxRow {
  readonly id: string;
  readonly kind: SubmissionKind;
  readonly createdAt: string;
  readonly status?: LeadStatus;
  readonly reference?: string;
  readonly summary?: { readonly name: string; readonly email: string; readonly organisation: string };
  readonly deliveryState?: OverallDeliveryState;
}

export interface InboxReadResult {
  readonly rows: readonly InboxRow[];
  /** Where the next read continues; absent when the index holds nothing more in range. */
  readonly lastKey?: PageKey;
  /** Index entries read (before the filter). */
  readonly examined: number;
}

/** One submission as the console opens and works it (what Send again needs of the console's store). */
export interface LeadRecords {
  get(id: string): Promise<SubmissionRecord<unknown> | undefined>;
  /**
   * Sets the status (and its index key) and appends an audit entry, if the submission exists; answers the record
   * after the write. Never touches the delivery fields or their version, so it cannot disturb a delivery.
   */
  setStatus(id: string, status: LeadStatus, kindStatus: string, entry: HistoryEntry): Promise<SubmissionRecord<unknown> | undefined>;
  /** Appends an audit entry, if the submission exists. */
  appendHistory(id: string, entry: HistoryEntry): Promise<SubmissionRecord<unknown> | undefined>;
}

/** The console's store: the inbox's reads besides the records. */
export interface LeadStore extends LeadRecords {
  readInbox(read: InboxRead): Promise<InboxReadResult>;
  /**
   * Records of these ids (BatchGetItem, any order; missing ids are left out): whole, or only `attributes` (a CSV
   * row needs neither the delivery log nor the audit trail).
   */
  getMany(ids: readonly string[], attributes?: readonly string[]): Promise<SubmissionRecord<unknown>[]>;
}

/** The submissions table, as a person's erasure changes it (apart from the console's reading, LeadStore). */
export interface SubmissionRecords {
  /** Deletes a submission row. */
  remove(id: string): Promise<void>;
  /**
   * Removes the buyer's e-mail from a sale notice and marks it erased at `at` (the first time), keeping the row;
   * a notice that is gone, or a row that is not a notice, is left as it is.
   */
  pseudonymiseNotice(id: string, at: Date): Promise<void>;
}

/** Accounts in the user pool, read by e-mail address or id, and deleted for an erasure. */
export interface Accounts {
  findByEmail(email: string): Promise<Account | undefined>;
  emailOf(sub: string): Promise<string | undefined>;
  /** Ends every session of the account (its refresh tokens and access tokens stop working); a missing account is no error. */
  signOutEverywhere(username: string): Promise<void>;
  remove(username: string): Promise<void>;
}

export interface Account {
  readonly id: string;
  /** The pool's own username (what admin calls take). */
  readonly username: string;
  readonly email: string;
  readonly createdAt?: string;
  readonly preferredUsername?: string;
  readonly confirmed: boolean;
}

/** The `profiles` table, as an erasure sees it. */
export interface ProfileRecords {
  get(id: string): Promise<{ readonly username: string; readonly created_at: string } | undefined>;
  remove(id: string): Promise<void>;
}

/**
 * The `purchases` table, as a person's export and erasure see it. Purchases are bookkeeping records: an erasure
 * pseudonymises them (the buyer's e-mail removed) and never deletes them.
 */
export interface PersonPurchases {
  /** The purchases paid with this address (any case), newest first. */
  listByEmail(email: string): Promise<Purchase[]>;
  /** The purchases in this account, newest first. */
  listByUser(userId: string): Promise<Purchase[]>;
  /** Removes the buyer's e-mail from the purchase and marks it erased at `at`; a purchase that is gone is fine. */
  pseudonymise(sessionId: string, at: Date): Promise<void>;
}

/** Files in the uploads bucket, as exports and erasures see them. */
export interface StaffFiles {
  read(key: string): Promise<Uint8Array>;
  /** Every key under `prefix`. */
  list(prefix: string): Promise<string[]>;
  /** Deletes these keys (missing ones are fine); answers how many were given. */
  remove(keys: readonly string[]): Promise<number>;
  /** A download link valid for `seconds`, under `fileName`. */
  downloadLink(key: string, seconds: number, fileName: string, contentType: string): Promise<string>;
  /** A file written in parts as it is made (S3 multipart), so a large export never sits in memory. */
  create(key: string, contentType: string): Promise<FileWriter>;
}

export interface FileWriter {
  write(chunk: string | Uint8Array): Promise<void>;
  /** Completes the file; answers its size in bytes. */
  finish(): Promise<number>;
  /** Drops what was written (the export failed half-way). */
  abort(): Promise<void>;
}

/** The erasure audit log (`staffAudit` table). */
export interface AuditLog {
  record(entry: ErasureEntry): Promise<void>;
}

export interface ErasureEntry {
  readonly id: string;
  readonly action: 'erasure';
  /** 'incomplete': a step failed, and the counts say what was erased before it (erasing again deletes the rest). */
  readonly outcome: 'complete' | 'incomplete';
  readonly at: string;
  /** The staff member who erased (e-mail address, or account id). */
  readonly by: string;
  /** What was erased: counts and ids, never the person's data (not even the address). */
  readonly submissionIds: readonly string[];
  readonly counts: {
    /** Booked demos deleted (their seats given back, their mails deleted, held reminders unsent). */
    readonly bookings: number;
    readonly submissions: number;
    readonly attachments: number;
    readonly account: boolean;
    readonly profile: boolean;
    readonly exportFiles: number;
    readonly confirmationClaims: number;
    /** Purchases kept for the bookkeeping with the buyer's e-mail removed (never deleted). */
    readonly purchasesPseudonymised: number;
    /** Sale notices of those purchases kept with the buyer's e-mail removed (never deleted). */
    readonly noticesPseudonymised: number;
    /** The prompt studios' items deleted with their purchases' buyer (answers kept while typing, and versions). */
    readonly promptStudioItems: number;
  };
  /** The Stripe Checkout sessions of the pseudonymised purchases (ids of bookkeeping records, not personal data). */
  readonly purchaseSessionIds: readonly string[];
  /** The sale notices pseudonymised with them. */
  readonly noticeIds: readonly string[];
  /**
   * The deleted account's id (its Cognito sub, the key of its profile row), when there was one: with the ids above,
   * what a replay after a point-in-time restore needs to erase the person again (./erasure-replay.ts).
   */
  readonly accountId?: string;
}

/** The records of a person's uploads an erasure removes (their keys hold the files' names, their claims the submissions' ids). */
export interface UploadRecords {
  remove(keys: readonly string[]): Promise<void>;
}

/** The confirmation claims an erasure removes (keys from ../submissions/confirmation.ts). */
export interface ConfirmationClaims {
  /** Deletes every claim, or rejects: never resolves with some left. */
  remove(keys: readonly string[]): Promise<void>;
}
