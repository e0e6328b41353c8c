/**
 * What the booking rules need from the outside world, as interfaces: lambdas/data/bookings.ts implements the store
 * with single-item conditional writes on the `bookings` table; lambdas/composition/bookings.ts wires the rest.
 */
import type { Availability, BookingChange, BookingState } from '@shared/contract/bookings';
import type { Clock } from '../clock';
import type { BookingLinks } from './links';

/**
 * A demo request's booking (`request#<requestId>`). Plain, documented fields: the staff overview counts demos booked
 * (state `booked`) and held (booked, and `end` in the past) from them.
 */
export interface BookingRecord {
  readonly requestId: string;
  readonly state: BookingState;
  /** ISO UTC start and end of the demo. */
  readonly start: string;
  readonly end: string;
  /** The seats of its time it holds (`time#<cell>#<seat>`, ./seats.ts), released when it moves or is cancelled. */
  readonly seats: readonly string[];
  /** The per-address seat it holds (`email#<hash>#<n>`) while booked. */
  readonly emailSeat: string;
  /** iCalendar SEQUENCE of the latest invitation, update or cancellation: 0 for the first, +1 each change. */
  readonly sequence: number;
  /** iCalendar UID, the same for every mail of this booking. */
  readonly uid: string;
  // The visitor as their demo request gave them (copied so the calendar and the mails need no second read).
  readonly reference: string;
  readonly name: string;
  readonly email: string;
  readonly company: string;
  /** The visitor's zone as they last chose it (their mails show the time there). */
  readonly timeZone: string;
  readonly meetingUrl: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly history: readonly BookingChange[];
  /** Optimistic locking: every write expects the version it read. */
  readonly version: number;
  /** Epoch seconds when the table's TTL deletes it. */
  readonly expiresAt: number;
}

export interface BookingStore {
  get(requestId: string): Promise<BookingRecord | undefined>;
  /** Writes the booking if the stored version is `expectedVersion` (undefined: none stored yet); false if not. */
  put(record: BookingRecord, expectedVersion: number | undefined): Promise<boolean>;
  /**
   * Claims a seat (`key`) for `requestId` unless another request holds it (attribute_not_exists, or a claim whose
   * `until` (epoch seconds) passed, or one of the same request's); true when this request holds it now.
   */
  claim(key: string, requestId: string, until: number, now: number): Promise<boolean>;
  /**
   * Counts one against the counter `key` unless it has reached `cap` (one conditional update, so two callers at
   * once cannot both take the last one); true when counted. The counter is deleted after `expiresAt` (epoch s).
   */
  count(key: string, cap: number, expiresAt: number): Promise<boolean>;
  /** Gives back a seat this request holds (a seat taken over by another request is left alone). */
  release(key: string, requestId: string): Promise<void>;
  /** The bookings whose start lies in [from, to), by start (the `calendar` index). */
  between(from: string, to: string): Promise<BookingRecord[]>;
  /** The availability staff set, if they did. */
  availability(): Promise<(Availability & { readonly updatedAt: string; readonly updatedBy: string }) | undefined>;
  saveAvailability(availability: Availability, by: string, at: Date): Promise<void>;
}

/** What a booking's mails read when they go: the booking, and the availability (the agency's zone). */
export type BookingReader = Pick<BookingStore, 'get' | 'availability'>;

/** A person's erasure (lambdas/domain/leads/person.ts): their booking, then it and its seats deleted. */
export interface BookingErasure {
  get(requestId: string): Promise<BookingRecord | undefined>;
  erase(booking: BookingRecord): Promise<void>;
}

/** Private calendar feeds: one per staff member, found by the SHA-256 of its token. */
export interface FeedStore {
  /** Makes `tokenHash` the staff member's feed, replacing (and so revoking) their earlier one. */
  replace(sub: string, tokenHash: string, at: Date): Promise<void>;
  revoke(sub: string): Promise<void>;
  ownerOf(tokenHash: string): Promise<string | undefined>;
  hasFeed(sub: string): Promise<boolean>;
}

/** What a booking change hands to the delivery engine: one record of mails (./mails.ts) per SEQUENCE. */
export interface BookingMailOrder {
  readonly requestId: string;
  readonly sequence: number;
  readonly action: BookingChange['action'];
  readonly start: string;
  readonly end: string;
  /** When this change was made: reminders whose lead time had passed by then are not sent. */
  readonly changedAt: string;
}

export interface BookingMailer {
  /** Stores the mails of one change (idempotent per request and SEQUENCE) and hands them off for delivery. */
  order(mail: BookingMailOrder): Promise<void>;
}

/** The stored demo request a booking belongs to (the submissions table), as the booking rules read it. */
export interface DemoRequestInfo {
  readonly id: string;
  readonly reference: string;
  readonly name: string;
  readonly email: string;
  readonly company: string;
  readonly preferredTime: string;
  /** Epoch seconds its retention ends, if it does. */
  readonly expiresAt?: number;
}

export interface DemoRequests {
  /** The demo request of this id, or undefined (none, another kind, or expired). */
  get(id: string, now: Date): Promise<DemoRequestInfo | undefined>;
}

/**
 * What a booking's mails (./mails.ts) are sent with, besides the engine's mail and recipients: the delivery engine's
 * ports carry it (lambdas/domain/submissions/engine.ts `DeliveryPorts.bookings`), so it lives here, apart from the
 * mails that import the engine.
 */
export interface BookingMailPorts {
  readonly store: { get(requestId: string): Promise<BookingRecord | undefined> };
  /** The visitor's links (the key is a secret, read when first needed). */
  links(): Promise<BookingLinks>;
  readonly clock: Clock;
  /** The agency's zone, for the staff's mails. */
  readonly agencyTimeZone: () => Promise<string>;
}
