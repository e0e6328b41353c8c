/**
 * "What do you hold about me, and please delete it": everything the site holds under one e-mail address, found,
 * exported as one JSON file, and erased.
 *
 * Found through the `byEmail` index (the person's submissions), the user pool (their account, by address), the
 * `profiles` table (by the account's id), the purchases table (its `byEmail` index, and `byUser` for the
 * account's) and the submissions table again for those purchases' sale notices (by the ids a purchase's notices
 * have), and the prompt studio of each purchase (its answers and versions). The export is streamed into one file (their files included, base64, one at a time) and handed out as
 * a short-lived link. The erasure deletes the submission rows, their files and the uploads they were copied from
 * and their records, the account and its profile, the day's confirmation claims, and every export file
 * (short-lived copies that may hold the person's data, this export included), and the prompt studios of their
 * purchases (answers and versions: the buyer's data, not bookkeeping), then leaves an audit entry that says
 * what was erased (counts and ids) but not the data itself, not even the address.
 *
 * Purchases are accounting records, which bookkeeping law has a business keep for years: the erasure does not
 * delete them but pseudonymises them (the buyer's e-mail removed; what was bought, the amount, the dates and
 * Stripe's ids kept), and the audit entry says so. So are the sale notices of those purchases (the staff's mail of a
 * sale, a cancellation or a failed renewal, which held the buyer's e-mail; the rest of a notice is the purchase's
 * own facts): a notice's id is made from its Stripe subject, so a deleted one would let a replayed Stripe event
 * store and mail it again, while a kept one makes the replay find it stored and send nothing. The account id on a purchase stays (it names a deleted account
 * and keeps a signed-in buyer's "My purchases" whole when another address is erased), and so does the hash of the
 * browser key, without which anyone holding the session id could tie the purchase to their own browser.
 *
 * What the site cannot erase itself is named in the answer: the support mails already sent, what the automation
 * webhooks stored on their side, and Stripe's own records of the person's payments.
 */
import { uploadPrefixes } from '@shared/contract/uploads';
import type { DownloadAnswer, ErasureAnswer, PersonNotice, PersonView } from '@shared/contract/staff-console';
import { DomainError } from '../errors';
import { purchaseSummary, type Purchase } from '../purchases/record';
import { confirmationClaimKey } from '../submissions/confirmation';
import { emailKeyOf } from '../submissions/inbox-fields';
import type { SubmissionRecord } from '../submissions/record';
import { DOWNLOAD_LINK_SECONDS, staffName, type LeadDeps, type PersonDeps } from './deps';
import { heldUnder, type NoticeRecord } from './person-records';
import { bookingMailId } from '../bookings/mails';
import type { ErasureEntry } from './ports';

export const PERSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const copiesElsewhere = [
  'The support mails already sent to the two support mailboxes: delete them there.',
  'Ideas and submissions sent to the test and prod automation webhooks: ask their owners to delete them.',
] as const;

/** Named besides when the person bought something. */
export const stripeCopies = 'Their payments in Stripe (the customer and its receipts): Stripe keeps them as the payment processor; delete the customer in the Stripe dashboard if the person asks.';

function personNotice(n: NoticeRecord): PersonNotice {
  return { id: n.id, event: n.data.event, appName: n.data.appName, occurredAt: n.data.occurredAt, ...(n.erasedAt ? { erasedAt: n.erasedAt } : {}) };
}

export async function findPerson(deps: PersonDeps, email: string): Promise<PersonView> {
  const { records, account, profile, purchases, notices } = await heldUnder(deps, email);
  return {
    email,
    submissions: records.map((r) => ({ id: r.id, reference: r.reference ?? '', kind: r.kind, receivedAt: r.createdAt, files: r.files.length })),
    attachments: records.reduce((n, r) => n + r.files.length, 0),
    ...(account
      ? { account: { id: account.id, confirmed: account.confirmed, ...(account.createdAt ? { createdAt: account.createdAt } : {}), ...(account.preferredUsername ? { username: account.preferredUsername } : {}) } }
      : {}),
    ...(profile ? { profile: { username: profile.username, created_at: profile.created_at } } : {}),
    purchases: purchases.map(purchaseSummary),
    notices: notices.map(personNotice),
  };
}

/** What the export says about a submission: everything stored, except the engine's own bookkeeping and the index keys. */
function exportedSubmission(deps: LeadDeps, r: SubmissionRecord<unknown>) {
  const plan = deps.plans[r.kind];
  return {
    id: r.id,
    reference: r.reference,
    kind: r.kind,
    receivedAt: r.createdAt,
    status: r.status,
    data: r.data,
    fields: (plan?.fields(r) ?? []).map(([label, value]) => ({ label, value })),
    deliveries: r.deliveries,
    history: r.history ?? [],
    erasedAt: r.erasedAt,
    expiresAt: r.expiresAt === undefined ? undefined : new Date(r.expiresAt * 1000).toISOString(),
    files: r.files.map((f) => ({ name: f.name, type: f.type, size: f.size })),
  };
}

function safeName(email: string): string {
  return emailKeyOf(email).replace(/[^a-z0-9.@_-]+/g, '_').slice(0, 80);
}

/** What the export says about a purchase: the whole record, with the product's name. */
function exportedPurchase(p: Purchase) {
  return { ...p, appName: purchaseSummary(p).appName };
}

/**
 * The person's data as one JSON file: { exportedAt, email, account, profile, submissions, purchases, notices,
 * files }, each file's bytes base64 in `files`. Written in parts (one file in memory at a time); answers a short-lived link.
 */
export async function exportPerson(deps: PersonDeps, email: string): Promise<DownloadAnswer> {
  const now = deps.clock.now();
  const { records, account, profile, purchases, notices, bookings, studios } = await heldUnder(deps, email);
  const fileName = `personal-data-${safeName(email)}-${now.toISOString().slice(0, 10)}.json`;
  const key = `${uploadPrefixes.exports}people/${deps.newId()}/${fileName}`;
  const writer = await deps.files.create(key, PERSON_CONTENT_TYPE);
  let bytes: number;
  try {
    const head = {
      exportedAt: now.toISOString(),
      email,
      account: account ? { id: account.id, email: account.email, username: account.preferredUsername, createdAt: account.createdAt, confirmed: account.confirmed } : null,
      profile: profile ?? null,
      submissions: records.map((r) => exportedSubmission(deps, r)),
      purchases: purchases.map(exportedPurchase),
      notices: notices.map((n) => exportedSubmission(deps, n)),
      // Their booked demos, whole (times, the iCalendar UID, who changed what when); the claims on slots are ours.
      bookings: bookings.map(({ seats: _seats, emailSeat: _emailSeat, ...b }) => b),
      // The prompt studio of each purchase: the answers as last kept, and every version with its answers.
      promptStudios: studios.map(({ studio, versions }) => ({
        sessionId: studio.sessionId,
        appId: studio.appId,
        answersKept: studio.draft ?? null,
        answersKeptAt: studio.draftKeptAt ?? null,
        lastFailure: studio.lastFailure ?? null,
        versions,
      })),
    };
    // The object without its closing brace, then the files one by one, then the brace.
    await writer.write(`${JSON.stringify(head, null, 2).slice(0, -2)},\n  "files": [`);
    let first = true;
    for (const r of records) {
      for (const f of r.files) {
        let item: Record<string, unknown>;
        try {
          item = { submissionId: r.id, name: f.name, type: f.type, size: f.size, data: Buffer.from(await deps.files.read(f.key)).toString('base64') };
        } catch {
          item = { submissionId: r.id, name: f.name, type: f.type, size: f.size, error: 'The file could not be read (it may have expired).' };
        }
        await writer.write(`${first ? '\n' : ',\n'}    ${JSON.stringify(item)}`);
        first = false;
      }
    }
    await writer.write(`${first ? '' : '\n  '}]\n}\n`);
    bytes = await writer.finish();
  } catch (error) {
    await writer.abort().catch(() => undefined);
    throw error;
  }
  const url = await deps.files.downloadLink(key, DOWNLOAD_LINK_SECONDS, fileName, PERSON_CONTENT_TYPE);
  return { url, fileName, bytes };
}

/** The confirmation claims an address may hold: the days of its submissions, today and yesterday. */
function claimKeys(email: string, records: readonly SubmissionRecord<unknown>[], now: Date): string[] {
  const days = new Set(records.map((r) => r.createdAt));
  days.add(now.toISOString());
  days.add(new Date(now.getTime() - 86_400_000).toISOString());
  return [...new Set([...days].map((d) => confirmationClaimKey(email, d)))];
}

/** The answer when a step of an erasure failed (a store refused, or left part of a batch undone). */
export const erasureIncompleteMessage =
  'The erasure did not finish: some of the data could not be deleted just now. The audit log records what was erased so far; erase the address again to delete the rest.';

/**
 * Erases everything held under the address (see the module comment); answers what was erased. Every step must
 * finish: when one fails the erasure answers so (erasureIncompleteMessage), and its audit entry says it is
 * incomplete and what was erased up to then, since the steps before it cannot be undone. Erasing again finds what
 * is left.
 */
export async function erasePerson(deps: PersonDeps, email: string, actorSub: string): Promise<ErasureAnswer> {
  const now = deps.clock.now();
  const { records, account, purchases, notices, bookings } = await heldUnder(deps, email);
  if (account && account.id === actorSub) throw new DomainError('forbidden', 'You cannot erase your own account from the staff console.');
  const by = await staffName(deps.accounts, actorSub);
  const erasureId = deps.newId();
  const submissionIds: string[] = [];
  const purchaseSessionIds: string[] = [];
  const noticeIds: string[] = [];
  const counts = { bookings: 0, submissions: 0, attachments: 0, account: false, profile: false, exportFiles: 0, confirmationClaims: 0, purchasesPseudonymised: 0, noticesPseudonymised: 0, promptStudioItems: 0 };
  const entry = (outcome: ErasureEntry['outcome']): ErasureEntry => ({
    id: erasureId,
    action: 'erasure',
    outcome,
    at: now.toISOString(),
    by,
    submissionIds,
    purchaseSessionIds,
    noticeIds,
    ...(account ? { accountId: account.id } : {}),
    counts,
  });

  try {
    // Before anything else: every session of the person ends, so nothing they still have open can write while
    // (or after) their data goes. Their staff routes and signed-in writes ask Cognito, which refuses the tokens.
    if (account) await deps.accounts.signOutEverywhere(account.username);
    // Before their requests: a booking's mails (held reminders too) are deleted unsent, then it and its seats.
    for (const b of bookings) {
      for (let seq = 0; seq <= b.sequence; seq++) await deps.submissionRecords.remove(bookingMailId(b.requestId, seq));
      await deps.erasedDemoFigures?.(b);
      await deps.bookings.erase(b);
      counts.bookings += 1;
    }
    for (const r of records) {
      // The whole folder: a request that lost a race under the same id may have left copies beside the original's.
      const folder = await deps.files.list(`${uploadPrefixes.attachments}${r.id}/`);
      const uploads = r.files.flatMap((f) => (f.uploadKey ? [f.uploadKey] : []));
      counts.attachments += await deps.files.remove([...new Set([...folder, ...r.files.map((f) => f.key)])]);
      await deps.files.remove(uploads);
      await deps.uploadRecords.remove(uploads);
      // Out of the overview's counts before the lead goes: a failure here leaves the lead for the next erasure.
      await deps.erasedLeadFigures?.(r);
      await deps.submissionRecords.remove(r.id);
      submissionIds.push(r.id);
      counts.submissions += 1;
    }
    // Before the purchases: a pseudonymised purchase leaves the byEmail index, so if this erasure failed after
    // that, erasing the address again would find neither the purchase nor, through it, its notices.
    for (const n of notices) {
      await deps.submissionRecords.pseudonymiseNotice(n.id, now);
      noticeIds.push(n.id);
      counts.noticesPseudonymised += 1;
    }
    for (const p of purchases) {
      // The answers and versions are the buyer's data, not bookkeeping: deleted, before the purchase is pseudonymised.
      counts.promptStudioItems += await deps.promptStudios.remove(p.sessionId);
      await deps.purchases.pseudonymise(p.sessionId, now);
      purchaseSessionIds.push(p.sessionId);
      counts.purchasesPseudonymised += 1;
    }
    if (account) {
      const profile = await deps.profiles.get(account.id);
      await deps.profiles.remove(account.id);
      counts.profile = profile !== undefined;
      await deps.accounts.remove(account.username);
      counts.account = true;
    }
    const claims = claimKeys(email, records, now);
    await deps.confirmationClaims.remove(claims);
    counts.confirmationClaims = claims.length;
    counts.exportFiles = await deps.files.remove(await deps.files.list(uploadPrefixes.exports));
  } catch (error) {
    // The trail keeps what was erased before the failure; its own failure must not hide the first one.
    await deps.audit.record(entry('incomplete')).catch(() => undefined);
    throw new DomainError('unavailable', erasureIncompleteMessage, { cause: error });
  }

  await deps.audit.record(entry('complete'));
  return {
    erasureId,
    erased: {
      bookings: counts.bookings,
      submissions: counts.submissions,
      attachments: counts.attachments,
      account: counts.account,
      profile: counts.profile,
      exportFiles: counts.exportFiles,
      purchasesPseudonymised: counts.purchasesPseudonymised,
      noticesPseudonymised: counts.noticesPseudonymised,
      promptStudioItems: counts.promptStudioItems,
    },
    elsewhere: purchases.length > 0 ? [...copiesElsewhere, stripeCopies] : copiesElsewhere,
  };
}
