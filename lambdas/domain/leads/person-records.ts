/**
 * Everything the site holds under one e-mail address, found (a person's data: ./person.ts exports and erases it):
 * their submissions (the `byEmail` index), their account (the user pool) and profile, their purchases (paid with the
 * address or in the account), those purchases' sale notices and prompt studios (issue 40), and the demos their
 * demo requests booked (issue 41).
 */
import type { Purchase } from '../purchases/record';
import { noticeIdsOf, type SaleNoticeData } from '../purchases/sale-notices';
import { emailKeyOf } from '../submissions/inbox-fields';
import { isLeadRecord, type LeadRecord, type SubmissionRecord } from '../submissions/record';
import type { BookingRecord } from '../bookings/ports';
import type { LeadDeps, PersonDeps } from './deps';
import type { Account, PageKey } from './ports';

export const oldestFirst = (a: SubmissionRecord<unknown>, b: SubmissionRecord<unknown>) => (a.createdAt < b.createdAt ? -1 : 1);

/** The stored records of these ids (any missing left out), read in batches of 100, BatchGetItem's most. */
async function recordsOf(deps: LeadDeps, ids: readonly string[]): Promise<SubmissionRecord<unknown>[]> {
  const records: SubmissionRecord<unknown>[] = [];
  for (let i = 0; i < ids.length; i += 100) records.push(...(await deps.store.getMany(ids.slice(i, i + 100))));
  return records;
}

/** Every submission stored under the address, oldest first (all pages of the byEmail index). */
async function submissionsOf(deps: LeadDeps, email: string): Promise<LeadRecord[]> {
  const ids: string[] = [];
  let startKey: PageKey | undefined;
  do {
    const page = await deps.store.readInbox({
      index: 'byEmail',
      partition: { name: 'emailKey', value: emailKeyOf(email) },
      // Expired rows too: they are still held until TTL deletes them, so they are exported and erased.
      where: { aliveAt: 0 },
      ...(startKey ? { startKey } : {}),
      limit: 500,
    });
    ids.push(...page.rows.map((r) => r.id));
    startKey = page.lastKey;
  } while (startKey);
  return (await recordsOf(deps, ids)).filter(isLeadRecord).sort(oldestFirst);
}

export type NoticeRecord = SubmissionRecord<SaleNoticeData> & { readonly kind: 'saleNotice' };

/**
 * The sale notices of the purchases, oldest first. Notices carry no index keys (they are not leads), so they are
 * read by the ids a purchase's notices have.
 */
async function noticesOf(deps: LeadDeps, purchases: readonly Purchase[]): Promise<NoticeRecord[]> {
  const records = await recordsOf(deps, purchases.flatMap(noticeIdsOf));
  return records.filter((r): r is NoticeRecord => r.kind === 'saleNotice').sort(oldestFirst);
}

async function accountOf(deps: LeadDeps, email: string): Promise<Account | undefined> {
  return deps.accounts.findByEmail(email);
}

/** The purchases paid with the address or in its account, each once, newest first. */
async function purchasesOf(deps: PersonDeps, email: string, account: Account | undefined): Promise<Purchase[]> {
  const [paidWith, inAccount] = await Promise.all([deps.purchases.listByEmail(email), account ? deps.purchases.listByUser(account.id) : []]);
  const bySession = new Map([...paidWith, ...inAccount].map((p) => [p.sessionId, p]));
  return [...bySession.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
}

/** Everything the person is found by, read at once. */
export async function heldUnder(deps: PersonDeps, email: string) {
  const [records, account] = await Promise.all([submissionsOf(deps, email), accountOf(deps, email)]);
  const [profile, purchases, bookings] = await Promise.all([account ? deps.profiles.get(account.id) : undefined, purchasesOf(deps, email, account), bookingsOf(deps, records)]);
  const [notices, studios] = await Promise.all([noticesOf(deps, purchases), studiosOf(deps, purchases)]);
  return { records, account, profile, purchases, notices, bookings, studios };
}

/** The booked demos (issue 41) of the person's demo requests. */
async function bookingsOf(deps: PersonDeps, records: readonly LeadRecord[]): Promise<BookingRecord[]> {
  const found = await Promise.all(records.filter((r) => r.kind === 'demoRequest').map((r) => deps.bookings.get(r.id)));
  return found.filter((b): b is BookingRecord => b !== undefined);
}

/** The prompt studios of the purchases (the buyer's answers and prompt versions), for those that have one. */
async function studiosOf(deps: PersonDeps, purchases: readonly Purchase[]) {
  const found = await Promise.all(purchases.map((p) => deps.promptStudios.everything(p.sessionId)));
  return found.filter((s) => s !== undefined);
}
