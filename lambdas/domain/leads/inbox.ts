/**
 * The staff inbox: every submission, newest first, filtered by kind, status and date range, searched over name,
 * e-mail, company (or title), reference and text, paged. Every page is a Query on one of the inbox indexes
 * (shared/deployment/manifest.ts), never a Scan:
 *
 * | filter                       | index               | partition           | sort key range         |
 * |------------------------------|---------------------|---------------------|------------------------|
 * | none                         | inbox               | 'all'               | the date range, if any |
 * | kind                         | inboxByKind         | the kind            | "                      |
 * | status                       | inboxByStatus       | the status          | "                      |
 * | kind and status              | inboxByKindStatus   | `kind#status`       | "                      |
 * | a whole e-mail address       | byEmail             | the address         | " (kind, status: filter) |
 * | a reference (261122-3F2A9C)  | inbox               | 'all'               | that day (reference: filter) |
 * | a submission id              | - (one GetItem)     |                     |                        |
 * | other words                  | as for the filters  |                     | words: filter, read in bounded steps |
 *
 * A word search cannot be a key condition: it reads the filtered index newest first in steps and stops after
 * SEARCH_READ_BUDGET entries per request, answering what it found with a cursor to read on ("examined" says how
 * far it got), so one request's cost is bounded however rare the words are.
 */
import type { InboxFilter, InboxQuery } from '@shared/contract/schemas/staff-console';
import { PAGE_SIZE_DEFAULT, staffMessages } from '@shared/contract/schemas/staff-console';
import type { InboxItem, InboxPage } from '@shared/contract/staff-console';
import { RejectedInput } from '../errors';
import { INBOX_PARTITION, REFERENCE_PATTERN, emailKeyOf, kindStatusOf, searchable } from '../submissions/inbox-fields';
import type { InboxRead, InboxRow, LeadStore, PageKey } from './ports';

/** Index entries one request reads at most while searching for words. */
export const SEARCH_READ_BUDGET = 3000;
/** Entries per Query while searching. */
const SEARCH_STEP = 500;
/** The most words a search combines (each must be found). */
const MAX_WORDS = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How a filter is read: one index, one partition, an optional range and the conditions applied after. */
export type InboxPlan = { readonly exactId: string } | Omit<InboxRead, 'startKey' | 'limit'>;

function dayBounds(filter: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } | undefined {
  if (!filter.from && !filter.to) return undefined;
  // receivedKey is `<ISO time>#<id>`: from the first moment of `from` to past the last of `to`.
  return { from: filter.from ? `${filter.from}T00:00:00.000Z` : '0', to: filter.to ? `${filter.to}T23:59:59.999Z#~` : '9' };
}

/** Picks the index and conditions for a filter (see the table above). `now` decides which rows have expired. */
export function planInbox(filter: InboxFilter, now: Date): InboxPlan {
  const aliveAt = Math.floor(now.getTime() / 1000);
  const q = (filter.q ?? '').trim();
  if (UUID.test(q)) return { exactId: q.toLowerCase() };
  const range = dayBounds(filter);
  const reference = REFERENCE_PATTERN.exec(q);
  if (reference) {
    const day = `20${reference[1]}-${reference[2]}-${reference[3]}`;
    const bounds = dayBounds({ from: filter.from && filter.from > day ? filter.from : day, to: filter.to && filter.to < day ? filter.to : day });
    return {
      index: 'inbox',
      partition: { name: 'inbox', value: INBOX_PARTITION },
      ...(bounds ? { range: bounds } : {}),
      where: { kind: filter.kind, status: filter.status, reference: q.toUpperCase(), aliveAt },
    };
  }
  if (EMAIL.test(q)) {
    return {
      index: 'byEmail',
      partition: { name: 'emailKey', value: emailKeyOf(q) },
      ...(range ? { range } : {}),
      where: { kind: filter.kind, status: filter.status, aliveAt },
    };
  }
  const words = q === '' ? undefined : [...new Set(searchable(q).split(' ').filter(Boolean))].slice(0, MAX_WORDS);
  const where = { ...(words && words.length > 0 ? { words } : {}), aliveAt };
  const withRange = range ? { range } : {};
  if (filter.kind && filter.status) {
    return { index: 'inboxByKindStatus', partition: { name: 'kindStatus', value: kindStatusOf(filter.kind, filter.status) }, ...withRange, where };
  }
  if (filter.kind) return { index: 'inboxByKind', partition: { name: 'kind', value: filter.kind }, ...withRange, where };
  if (filter.status) return { index: 'inboxByStatus', partition: { name: 'status', value: filter.status }, ...withRange, where };
  return { index: 'inbox', partition: { name: 'inbox', value: INBOX_PARTITION }, ...withRange, where };
}

// ---------------------------------------------------------------------------------------------------------
// Cursors: where the next page starts, as an opaque token the console passes back
// ---------------------------------------------------------------------------------------------------------

function badCursor(): RejectedInput {
  return new RejectedInput(staffMessages.cursor, 'cursor');
}

export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * The start key a cursor names, checked against the plan it continues: exactly the table's and the index's keys,
 * the same partition, inside the same range. Anything else (another filter's cursor, an edited one) is refused
 * with a message, never passed to DynamoDB (which would answer a validation error).
 */
export function decodeCursor(cursor: string, plan: Exclude<InboxPlan, { exactId: string }>): PageKey {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badCursor();
  const key = value as Record<string, unknown>;
  const expected = ['id', 'receivedKey', plan.partition.name].sort();
  const names = Object.keys(key).sort();
  if (names.length !== expected.length || names.some((n, i) => n !== expected[i])) throw badCursor();
  const { id, receivedKey } = key;
  if (typeof id !== 'string' || !UUID.test(id)) throw badCursor();
  if (key[plan.partition.name] !== plan.partition.value) throw badCursor();
  if (typeof receivedKey !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/.test(receivedKey)) throw badCursor();
  if (plan.range && (receivedKey < plan.range.from || receivedKey > plan.range.to)) throw badCursor();
  return { id, receivedKey, [plan.partition.name]: plan.partition.value };
}

// ---------------------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------------------

export function inboxItemOf(row: InboxRow): InboxItem {
  return {
    id: row.id,
    reference: row.reference ?? '',
    kind: row.kind,
    receivedAt: row.createdAt,
    status: row.status ?? 'new',
    name: row.summary?.name ?? '',
    email: row.summary?.email ?? '',
    organisation: row.summary?.organisation ?? '',
    deliveryState: row.deliveryState ?? 'pending',
  };
}

/** A page of the inbox for the console's query (filters, cursor, page size). */
export async function inboxPage(store: LeadStore, query: InboxQuery, now: Date): Promise<InboxPage> {
  const pageSize = query.limit ?? PAGE_SIZE_DEFAULT;
  const { cursor, limit: _limit, ...filter } = query;
  const plan = planInbox(filter, now);
  if ('exactId' in plan) {
    if (cursor) throw badCursor();
    const record = await store.get(plan.exactId);
    const alive = record?.summary && (record.expiresAt === undefined || record.expiresAt > Math.floor(now.getTime() / 1000));
    const matches = alive && (!filter.kind || record.kind === filter.kind) && (!filter.status || record.status === filter.status);
    return { items: matches ? [inboxItemOf(record as InboxRow)] : [], examined: record ? 1 : 0, index: 'table (GetItem by id)' };
  }
  const searching = plan.where.words !== undefined || plan.where.reference !== undefined || plan.where.kind !== undefined || plan.where.status !== undefined;
  let startKey = cursor ? decodeCursor(cursor, plan) : undefined;
  const items: InboxItem[] = [];
  let examined = 0;
  for (;;) {
    const want = pageSize - items.length;
    const result = await store.readInbox({ ...plan, ...(startKey ? { startKey } : {}), limit: searching ? SEARCH_STEP : want });
    examined += result.examined;
    // A search step may find more than the page holds: keep the page's worth and continue after its last row.
    const taken = result.rows.slice(0, want);
    items.push(...taken.map(inboxItemOf));
    if (result.rows.length > want) {
      const last = taken.at(-1) as InboxRow;
      startKey = { id: last.id, receivedKey: `${last.createdAt}#${last.id}`, [plan.partition.name]: plan.partition.value };
      break;
    }
    startKey = result.lastKey;
    if (!startKey || items.length >= pageSize || !searching || examined >= SEARCH_READ_BUDGET) break;
  }
  return { items, ...(startKey ? { cursor: encodeCursor(startKey) } : {}), examined, index: plan.index };
}
