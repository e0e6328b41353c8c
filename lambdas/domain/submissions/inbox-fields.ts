/**
 * The attributes of a stored submission that the staff inbox lists, filters and searches by: the keys of the
 * inbox indexes (shared/deployment/manifest.ts `tables.submissions.indexes`), the short reference quoted to the
 * visitor, and a search text. Derived from the submission alone, so they are written with it in one put and
 * rewritten with its status in one update.
 */
import type { LeadStatus, SubmissionKind } from '@shared/contract/staff-console';

/** What each kind of submission tells the inbox about its sender (kinds/*.ts `lead`). */
export interface LeadSummary {
  readonly name: string;
  readonly email: string;
  /** The company (demo request, contact message) or the app's title (idea). */
  readonly organisation: string;
  /** The visitor's own words (message, subject, description), searched but not listed. */
  readonly text: string;
}

/** The one partition of the `inbox` index: every submission. */
export const INBOX_PARTITION = 'all';

/** How much of a submission the search reads: the fields and up to this many characters of its text. */
const SEARCH_TEXT_MAX = 6000;

/**
 * The reference the visitor's confirmation mail quotes: the day it was received (UTC, yymmdd) and the first six
 * hex digits of its id, e.g. `261122-3F2A9C`. The day makes a search for it one day's range of the inbox index.
 */
export function referenceOf(id: string, createdAt: string): string {
  const day = createdAt.slice(2, 10).replaceAll('-', '');
  return `${day}-${id.replaceAll('-', '').slice(0, 6).toUpperCase()}`;
}

/** A reference as a visitor might quote it (any case, surrounding spaces): `261122-3f2a9c`. */
export const REFERENCE_PATTERN = /^(\d{2})(\d{2})(\d{2})-([0-9a-f]{6})$/i;

/**
 * Text as the search compares it: lower case, accents and other marks removed, compatibility forms folded
 * (`José` and `JOSE` both read `jose`), runs of white space as one space.
 */
export function searchable(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** An e-mail address as the `byEmail` index keys it: trimmed, lower case (addresses are compared that way). */
export function emailKeyOf(email: string): string {
  return email.trim().toLowerCase();
}

/** The sort key of every inbox index: received time, then id (unique and in time order). */
export function receivedKeyOf(createdAt: string, id: string): string {
  return `${createdAt}#${id}`;
}

export function kindStatusOf(kind: SubmissionKind, status: LeadStatus): string {
  return `${kind}#${status}`;
}

export function inboxFields(input: { id: string; kind: SubmissionKind; createdAt: string; status: LeadStatus; lead: LeadSummary }) {
  const { id, kind, createdAt, status, lead } = input;
  const reference = referenceOf(id, createdAt);
  return {
    status,
    summary: { name: lead.name, email: lead.email, organisation: lead.organisation },
    reference,
    inbox: INBOX_PARTITION,
    receivedKey: receivedKeyOf(createdAt, id),
    kindStatus: kindStatusOf(kind, status),
    emailKey: emailKeyOf(lead.email),
    searchText: searchable([lead.name, lead.email, lead.organisation, reference, lead.text].join('\n')).slice(0, SEARCH_TEXT_MAX),
  };
}
