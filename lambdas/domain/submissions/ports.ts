/**
 * What the submission domain needs from the outside world, as interfaces. The adapters in lambdas/adapters and
 * lambdas/data implement them with DynamoDB, S3 and SES; unit tests can pass plain objects.
 */
import type { WebhookType } from '@shared/contract/staff-console';
import type { Deliveries, SubmissionRecord } from './record';

export type { WebhookType };

/**
 * The submissions table, in the parts each side of the engine uses, so that a function's code (and its grants,
 * shared/deployment/manifest/functions.ts) holds only the writes it makes: accepting creates (SubmissionIntake),
 * delivering leases and records outcomes (DeliveryStore), the retry job also lists what is due (DueDeliveries).
 */
export interface SubmissionIntake {
  /** Stores a new submission unless one with the same id exists (a retried or double-clicked request). */
  create(record: SubmissionRecord<unknown>): Promise<'created' | 'exists'>;
  get(id: string): Promise<SubmissionRecord<unknown> | undefined>;
}

export interface DeliveryStore {
  get(id: string): Promise<SubmissionRecord<unknown> | undefined>;
  /**
   * Writes deliveries and queue fields if the stored version is still `expectedVersion`; answers the new
   * record, or undefined when someone else wrote first.
   */
  update(
    record: SubmissionRecord<unknown>,
    expectedVersion: number,
    changes: { deliveries: Deliveries; retryQueue?: 'pending'; retryAt?: string },
  ): Promise<SubmissionRecord<unknown> | undefined>;
  /**
   * Takes the delivery lease: bumps the version and queues the record for `until` (so nobody else attempts it
   * before then) if the stored version is still `expectedVersion`; answers the leased record, or undefined when
   * someone else wrote first or there is no such record. One conditional write: no read before it.
   */
  lease(id: string, expectedVersion: number, until: string): Promise<SubmissionRecord<unknown> | undefined>;
  /**
   * Staff sending a delivery again: writes the deliveries (one of them made due again) and takes the lease until
   * `until`, if the stored version is still `expectedVersion`; answers the leased record, or undefined when
   * someone else wrote first (another staff member, a double click, the retry job).
   */
  reopen(record: SubmissionRecord<unknown>, expectedVersion: number, deliveries: Deliveries, until: string): Promise<SubmissionRecord<unknown> | undefined>;
}

export interface DueDeliveries {
  /** Submissions with a delivery due at or before `now`, oldest first. */
  listDue(now: Date, limit: number): Promise<SubmissionRecord<unknown>[]>;
}

/** All of it (the in-memory stores of the tests implement every part). */
export type SubmissionStore = SubmissionIntake & DeliveryStore & DueDeliveries;

export interface MailAttachment {
  readonly name: string;
  readonly type: string;
  readonly content: Uint8Array;
}

export interface MailMessage {
  readonly to: readonly string[];
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments: readonly MailAttachment[];
}

export interface MailSender {
  /** Sends one mail; `signal` cancels the call (the attempt ran out of time). */
  send(message: MailMessage, signal?: AbortSignal): Promise<void>;
}

/** What the store knows about an uploaded object. */
interface UploadedObject {
  readonly size: number;
  readonly contentType: string;
  /** The first bytes, for checking the content matches the claimed type. */
  readonly head: Uint8Array;
}

export interface FileStore {
  inspect(key: string): Promise<UploadedObject | undefined>;
  /** Copies an upload to its permanent key (idempotent: the same source and destination may be copied twice). */
  copy(fromKey: string, toKey: string): Promise<void>;
  read(key: string): Promise<Uint8Array>;
  /** A link the support staff can open without credentials, valid for `seconds`. */
  link(key: string, seconds: number): Promise<string>;
}

/** What is recorded of a presigned upload (lambdas/data/upload-claims.ts). */
export interface UploadClaim {
  /** The form the upload was issued for (`UploadForm`). */
  readonly form: string;
  /** The submission that claimed it, and when; absent while unclaimed. */
  readonly claimedBy?: string;
  readonly claimedAt?: string;
}

/**
 * The record of issued uploads: which form each was issued for and which submission claimed it. A claim is one
 * conditional write, so of several submissions naming one upload exactly one holds it.
 */
export interface UploadClaims {
  /** The upload's record; undefined when it was never issued (or its record has expired). */
  get(key: string): Promise<UploadClaim | undefined>;
  /**
   * Claims the upload for `submissionId` if it was issued for `form` and nobody else holds it, or `takeOverFrom`
   * holds it (a claim left by a submission that was never stored). 'claimed': this call claimed it; 'held': it
   * was this submission's already (a repeat); 'refused': issued for another form, or someone else holds it.
   */
  claim(key: string, form: string, submissionId: string, at: Date, takeOverFrom?: string): Promise<'claimed' | 'held' | 'refused'>;
}

/** The two automation webhooks (their addresses are configuration, never a request's): shared/contract/staff-console.ts. */

export interface WebhookResponse {
  readonly status: number;
  readonly body: unknown;
}

/** lambdas/adapters/http-webhook.ts implements it. */
export interface WebhookSender {
  /**
   * POSTs JSON to the configured webhook of that type, signed; throws on a network error or a non-2xx answer.
   * `signal` cancels the call (the delivery attempt ran out of time).
   */
  post(type: WebhookType, payload: unknown, idempotencyKey: string, signal?: AbortSignal): Promise<WebhookResponse>;
}

/**
 * Who sent the visitor's confirmation mail to an address on a day (lambdas/data/confirmation-claims.ts). The key
 * is a hash of the address and the day, never the address.
 */
export interface ConfirmationLedger {
  /**
   * Claims `key` for `submissionId` unless another submission holds it; answers whether this submission holds it
   * now (true also when it already did: a retried confirmation keeps its claim). The claim expires at `expiresAt`
   * (epoch seconds).
   */
  claim(key: string, submissionId: string, expiresAt: number): Promise<'claimed' | 'held' | 'refused'>;
}
