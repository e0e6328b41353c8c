/** Tables and buckets: names, keys, indexes, expiry, the environment variables that carry their physical names (part of the deployment manifest, shared/deployment/manifest.ts). */
import { uploadPrefixes } from '../../contract/uploads';

/** The uploads bucket's folders (shared/contract/uploads.ts): the functions' grants and the lifecycle rules name them. */
export { uploadPrefixes };

export const appName = 'agency';

/** Deployed stages are named on the CDK command line (`-c stage=dev`); the laptop stack is `local`. */
export type Stage = string;

/** Physical name of a logical resource in a stage, e.g. `agency-dev-profiles`. Used by CDK and the local stack. */
export function resourceName(stage: Stage, logical: string): string {
  return `${appName}-${stage}-${logical}`;
}

// ---------------------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------------------

export interface KeyDef {
  readonly name: string;
  readonly type: 'S' | 'N';
}
export interface IndexDef {
  readonly name: string;
  readonly partitionKey: KeyDef;
  readonly sortKey?: KeyDef;
  /**
   * The attributes the index carries besides the keys (projection INCLUDE); absent: every attribute (ALL). A
   * narrow projection keeps the index small and spares it the writes of attributes it does not carry (a
   * delivery's lease, the full form data).
   */
  readonly projection?: readonly string[];
}
export interface TableDef {
  readonly partitionKey: KeyDef;
  readonly sortKey?: KeyDef;
  readonly indexes: readonly IndexDef[];
  /** Attribute holding an epoch-seconds expiry, if items should expire. */
  readonly timeToLiveAttribute?: string;
  readonly description: string;
}

/**
 * What a row of the staff inbox shows (shared/contract/staff-console.ts `InboxItem`) and what its search reads: the
 * attributes the inbox indexes carry. The full form data stays in the table (one GetItem per opened submission).
 */
const inboxProjection = ['kind', 'createdAt', 'status', 'reference', 'summary', 'deliveryState', 'searchText', 'expiresAt'] as const;

/** Newest first within each partition: the ISO time the submission was received, then its id (unique, sortable). */
const receivedKey: KeyDef = { name: 'receivedKey', type: 'S' };

export const tables = {
  /** The spec's `profiles` table: one row per account, keyed by the Cognito user's `sub`. */
  profiles: {
    partitionKey: { name: 'id', type: 'S' },
    indexes: [],
    description: 'Account profiles (username, created_at), keyed by the Cognito sub.',
  },
  /**
   * Every accepted demo request, contact message and app idea, with the state of each of its deliveries
   * (notification mail, webhooks). `retryQueue`/`retryAt` are set only while a delivery is pending, so the
   * `pendingDeliveries` index holds exactly the submissions the retry job has to look at.
   */
  submissions: {
    partitionKey: { name: 'id', type: 'S' },
    indexes: [
      {
        name: 'pendingDeliveries',
        partitionKey: { name: 'retryQueue', type: 'S' },
        sortKey: { name: 'retryAt', type: 'S' },
      },
      // The staff inbox (lambdas/domain/leads/inbox.ts picks one per filter; every list is a Query, never a Scan).
      // All submissions, newest first; a date range is a key condition on receivedKey. One partition ('all'):
      // a lead inbox writes a few items a minute, far below a partition's 1,000 writes a second.
      { name: 'inbox', partitionKey: { name: 'inbox', type: 'S' }, sortKey: receivedKey, projection: inboxProjection },
      { name: 'inboxByKind', partitionKey: { name: 'kind', type: 'S' }, sortKey: receivedKey, projection: inboxProjection },
      { name: 'inboxByStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: receivedKey, projection: inboxProjection },
      { name: 'inboxByKindStatus', partitionKey: { name: 'kindStatus', type: 'S' }, sortKey: receivedKey, projection: inboxProjection },
      // A person's submissions (export and erasure by e-mail address, and the inbox's search for an address).
      { name: 'byEmail', partitionKey: { name: 'emailKey', type: 'S' }, sortKey: receivedKey, projection: inboxProjection },
    ],
    // Each submission expires after the stage's retention (`retention.submissionDays`); the local stack deletes
    // expired rows itself (infra/local/expiry.ts), as its DynamoDB stand-in has no TTL.
    timeToLiveAttribute: 'expiresAt',
    description: 'Demo requests, contact messages and ideas with their delivery states, status and audit trail.',
  },
  /**
   * The visitor's confirmation mail goes at most once per address per day: the first submission of the day claims
   * the day under a hash of the address (never the address itself); the claim expires two days later.
   */
  confirmationClaims: {
    partitionKey: { name: 'claim', type: 'S' },
    indexes: [],
    timeToLiveAttribute: 'expiresAt',
    description: 'Which submission sent the confirmation mail to an address (hashed) on a day.',
  },
  /**
   * What keeps mail to visitors from being turned on the business (lambdas/domain/submissions/visitor-mail.ts): a
   * counter per window of the stage's caps (all visitor mail per hour and per day, and per recipient domain, the
   * domain hashed), each deleted a day after its window, and the addresses SES reported as bounced or complaining
   * (a hash of the normalised address, never the address), which get no further mail.
   */
  visitorMail: {
    partitionKey: { name: 'key', type: 'S' },
    indexes: [],
    timeToLiveAttribute: 'expiresAt',
    description: 'Counters of mail to visitors per hour and day (all, per domain), and addresses that bounced or complained (hashed).',
  },
  /** What staff erased for a person, and when and by whom: counts and ids, never the erased data. */
  staffAudit: {
    partitionKey: { name: 'id', type: 'S' },
    indexes: [],
    description: 'Audit entries of personal-data erasures made in the staff console.',
  },
  /**
   * Every presigned upload POST /api/uploads issued: the form it was issued for and, once a submission of that
   * form is accepted with it, the submission that claimed it (a conditional write, so an upload is claimed once).
   * Entries expire (`expiresAt`) well after the upload itself could still be claimed.
   */
  uploadClaims: {
    partitionKey: { name: 'uploadKey', type: 'S' },
    indexes: [],
    timeToLiveAttribute: 'expiresAt',
    description: 'Presigned uploads: the form each was issued for and the submission that claimed it.',
  },
  /**
   * Purchases, keyed by the Checkout session id (so replays record once), with their state: paid or refunded,
   * a subscription's state, the account they belong to (`userId`) and the browser that completed the checkout.
   * `byUser` lists an account's purchases ("My purchases"); only purchases with an account are in it. `byEmail`
   * finds the purchases paid with an address (`emailKey`, the address as the submissions' byEmail keys it) for a
   * person's export and erasure; an erased purchase keeps its bookkeeping fields but leaves this index.
   */
  purchases: {
    partitionKey: { name: 'sessionId', type: 'S' },
    indexes: [
      {
        name: 'byUser',
        partitionKey: { name: 'userId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
      { name: 'byEmail', partitionKey: { name: 'emailKey', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
    ],
    description: 'Stripe Checkout purchases with their state and the account they belong to.',
  },
  /**
   * The prompt studio of each purchase of an app (issue 40), under the purchase's Checkout session id: one `studio`
   * item (the answers as last kept while typing, the per-purchase limits' windows, the prompt webhook's last
   * failure) and one item per version (`v#00000001`, ...: its time, where it came from, its text and answers),
   * each written once under a condition, so two saves at once never take the same number. A person's erasure
   * deletes them all (the answers are the buyer's data, not bookkeeping).
   */
  promptStudios: {
    partitionKey: { name: 'sessionId', type: 'S' },
    sortKey: { name: 'item', type: 'S' },
    indexes: [],
    description: "Prompt studio answers and prompt versions, per purchase.",
  },
  /**
   * Booked demos (issue 41; lambdas/data/bookings.ts). One table, every item a single-item conditional write (no
   * transactions: the local stand-in has none), told apart by its key `pk`:
   * - `request#<requestId>`: a demo request's booking (state booked or cancelled, start, end, the iCalendar UID and
   *   SEQUENCE, who changed it when). A request holds at most one. Listed in `calendar` (start order) for the
   *   staff's day and week views and the private feed.
   * - `time#<5-minute cell>#<seat>`: one of the `concurrentDemos` seats of a cell of time; a booking claims one in
   *   each cell its demo covers (lambdas/domain/bookings/seats.ts), so of visitors choosing the same or overlapping
   *   slots at once (of any grid) only as many as there are seats win; a move claims its new time before it frees
   *   the old one.
   * - `changes#<sha256 of the address>#<day>`: how often the visitors of an address booked or moved demos that day.
   * - `email#<sha256 of the address>#<n>`: one of the `bookingsPerEmail` active bookings an address may hold
   *   (free again once its meeting is over).
   * - `availability`: the hours staff set in the console (absent: the stage's defaults, BOOKING_DEFAULTS).
   * - `feed#<sha256 of a token>` and `feedOwner#<staff sub>`: a staff member's private calendar feed.
   * Claims and bookings expire (`expiresAt`) after their meeting and the submissions' retention.
   */
  bookings: {
    partitionKey: { name: 'pk', type: 'S' },
    indexes: [{ name: 'calendar', partitionKey: { name: 'calendar', type: 'S' }, sortKey: { name: 'calendarKey', type: 'S' } }],
    timeToLiveAttribute: 'expiresAt',
    description: 'Booked demos, the claims on their slots and per-address limits, the availability staff set, and private calendar feeds.',
  },
  /**
   * The staff overview's figures, kept up to date as leads and purchases are written (lambdas/domain/overview): one
   * item per figure (`leads`, `open`, `sales`, `subscriptions`) and agency day or month, holding one entry per record
   * that counts in it and their summary. The overview reads a few of these per figure, never the records.
   */
  overview: {
    partitionKey: { name: 'figure', type: 'S' },
    sortKey: { name: 'period', type: 'S' },
    indexes: [],
    // Lead days and months are kept about a year (lambdas/domain/overview/leads.ts); sales stay.
    timeToLiveAttribute: 'expiresAt',
    description: "The staff overview's figures per agency day and month: one entry per lead or purchase, and their summary.",
  },
} as const satisfies Record<string, TableDef>;

export type TableName = keyof typeof tables;
/** The names of a table's indexes. */
export type IndexNameOf<T extends TableName> = (typeof tables)[T]['indexes'][number] extends { readonly name: infer N extends string } ? N : never;

/** Environment variable through which a function learns a table's physical name. */
export function tableEnvName(table: TableName): string {
  return `TABLE_${table.toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------------------
// Buckets
// ---------------------------------------------------------------------------------------------------------

export interface BucketDef {
  readonly description: string;
  /** Browser uploads straight to the bucket need CORS for the site origin (and only it). */
  readonly corsForSite: boolean;
  /**
   * Prefixes whose objects expire (S3 lifecycle rules, deployed only); the number of days is the stage's
   * retention setting (infra/stages.ts `retention`) that `retention` names.
   */
  readonly expire: readonly { readonly prefix: string; readonly retention: RetentionName }[];
}


/** How long stored files are kept, in days, per stage. */
export interface Retention {
  /**
   * Uploads under `incoming/` are copied to `attachments/` when their submission is stored, so whatever is still
   * there after this long was never submitted (an abandoned form) and is deleted.
   */
  readonly orphanedUploadDays: number;
  /**
   * Copied attachments of stored submissions. The support mail links to them for about 8 days (7 days after the
   * last possible retry of the mail), so a stage must keep them at least that long (checked by stageConfig).
   */
  readonly attachmentDays: number;
  /**
   * Submissions (demo requests, contact messages, ideas) with their delivery log and audit trail: DynamoDB TTL
   * deletes each this long after it was received. At least `attachmentDays`, so no file outlives its submission.
   */
  readonly submissionDays: number;
  /** CSV exports and a person's data exported in the staff console: copies made for one download. */
  readonly exportDays: number;
}
export type RetentionName = keyof Retention;

/**
 * The laptop stack's retention (infra/local/expiry.ts deletes what is older, as DynamoDB TTL and the S3 lifecycle
 * rules do deployed). Deployed stages set theirs per stage in infra/stages.ts `retention`.
 */
export const localRetention: Retention = { orphanedUploadDays: 1, attachmentDays: 30, submissionDays: 30, exportDays: 1 };

export const buckets = {
  uploads: {
    description: 'Files attached to demo requests and ideas, uploaded directly by browsers.',
    corsForSite: true,
    expire: [
      { prefix: uploadPrefixes.incoming, retention: 'orphanedUploadDays' },
      { prefix: uploadPrefixes.attachments, retention: 'attachmentDays' },
      { prefix: uploadPrefixes.exports, retention: 'exportDays' },
    ],
  },
} as const satisfies Record<string, BucketDef>;

export type BucketName = keyof typeof buckets;

export function bucketEnvName(bucket: BucketName): string {
  return `BUCKET_${bucket.toUpperCase()}`;
}
