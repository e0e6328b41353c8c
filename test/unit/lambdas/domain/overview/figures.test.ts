/**
 * The overview's numbers equal a full recount. Five weeks of leads and purchases go through the code that writes
 * them (the delivery engine's attempts and the 24-hour watch, staff changing statuses and recording replies, spam
 * and back, a bot's honeypot hits, demos booked, moved and cancelled, a person's erasure through the console's own
 * erasure, Stripe's completions, refunds and subscription changes), with figure writes repeated and racing each
 * other, across the end of daylight saving time in the agency's zone; then the overview read from the kept figures
 * equals the overview counted from every record in the tables (test/helpers/overview-recount.ts).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { figureReader, figureWriter } from '../../../../../lambdas/data/overview';
import { findPurchase, markRefunded, changeSubscription, purchaseStore, recordCompleted } from '../../../../../lambdas/data/purchases';
import { deliveryStore, dueSubmissions, leadRecords, submissionIntake, submissionRecords } from '../../../../../lambdas/data/submissions';
import { bookingErasure, bookingsTable } from '../../../../../lambdas/data/bookings';
import { purchaseRecords } from '../../../../../lambdas/data/purchases';
import { leadsTable } from '../../../../../lambdas/data/submissions';
import { erasePerson } from '../../../../../lambdas/domain/leads/person';
import { acceptContactMessage } from '../../../../../lambdas/domain/submissions/kinds/contact-message';
import { HONEYPOT_FIELD } from '@shared/contract/forms';
import type { BookingRecord } from '../../../../../lambdas/domain/bookings/ports';
import { recordDemo, recordDemoErasure } from '../../../../../lambdas/domain/overview/demos';
import { recordErasure, recordLead } from '../../../../../lambdas/domain/overview/leads';
import { recordSale } from '../../../../../lambdas/domain/overview/sales';
import { overview } from '../../../../../lambdas/domain/overview/view';
import { updateSubmission } from '../../../../../lambdas/domain/leads/lead';
import type { LeadDeps, PersonDeps } from '../../../../../lambdas/domain/leads/deps';
import type { Purchase } from '../../../../../lambdas/domain/purchases/record';
import { acceptSubmission, deliverHandedOff, type SubmissionDeps } from '../../../../../lambdas/domain/submissions/engine';
import { retryDueDeliveries } from '../../../../../lambdas/domain/submissions/retry-job';
import { isLeadRecord, type LeadRecord, type SubmissionRecord } from '../../../../../lambdas/domain/submissions/record';
import type { LeadStatus, SubmissionKind } from '@shared/contract/staff-console';
import { dynamo } from '../../../../../lambdas/lib/dynamo';
import { tableName } from '../../../../../lambdas/lib/env';
import { withMemoryDynamo } from '../../../../helpers/memory-dynamodb';
import { memorySubmissionDeps } from '../../../../helpers/memory-submission-store';
import { recountOverview } from '../../../../helpers/overview-recount';

withMemoryDynamo();

const timeZone = 'America/New_York';
const HOUR = 3_600_000;
// Daylight saving time ends in New York on 2026-11-01: the five weeks cross it.
let now = new Date('2026-10-12T13:30:00.000Z');
const clock = { now: () => now };
const staff = ['ana@cadence-ai.example', 'ben@cadence-ai.example', 'cy@cadence-ai.example'];
const figures = { store: figureWriter, timeZone };
const leadFigures = (record: LeadRecord) => recordLead(figures, record);

const memory = memorySubmissionDeps({ handOff: 'recorded' });
const engine: SubmissionDeps = { ...memory.deps, clock, store: { ...submissionIntake, ...deliveryStore, ...dueSubmissions }, leadFigures };
const leadDeps = {
  store: leadRecords,
  // No plans: the view answered after a change lists no fields (none are stored here).
  plans: {},
  files: { downloadLink: async () => 'https://files.example/x' },
  accounts: { emailOf: async (sub: string) => sub },
  mailTo: [],
  clock,
  newId: () => 'id',
  leadFigures,
} as unknown as LeadDeps;

/**
 * A person's erasure as the console runs it (lambdas/domain/leads/person.ts) on the tables, with the overview's
 * figures wired as the staff function wires them; what lives outside the tables here (files, accounts, profiles,
 * claims, the audit log) is empty.
 */
const personDeps: PersonDeps = {
  ...leadDeps,
  store: leadsTable,
  submissionRecords,
  files: { read: async () => new Uint8Array(), list: async () => [], remove: async (keys) => keys.length, downloadLink: async () => '', create: async () => { throw new Error('no export here'); } },
  accounts: { findByEmail: async () => undefined, emailOf: async (sub: string) => sub, signOutEverywhere: async () => undefined, remove: async () => undefined },
  profiles: { get: async () => undefined, remove: async () => undefined },
  audit: { record: async () => undefined },
  confirmationClaims: { remove: async () => undefined },
  uploadRecords: { remove: async () => undefined },
  purchases: purchaseRecords,
  bookings: bookingErasure,
  promptStudios: { everything: async () => undefined, remove: async () => 0 },
  erasedLeadFigures: (record) => recordErasure(figures, record),
  erasedDemoFigures: (booking) => recordDemoErasure(figures, booking),
};

/** A bot's contact message: the honeypot filled. Answered like a person's, never stored, so never counted. */
async function honeypotHit(n: number) {
  const id = idOf(n, '9');
  const accepted = await acceptContactMessage(engine, id, { name: 'Bot', email: `bot${n}@example.com`, subject: 'Offer', message: 'Cheap links', [HONEYPOT_FIELD]: 'https://spam.example' } as never);
  expect(accepted).toEqual({ id, created: true });
  return id;
}

const LEADS = 32;
const kinds: SubmissionKind[] = ['demoRequest', 'contactMessage', 'idea'];
const idOf = (n: number, prefix = '0') => `${prefix.repeat(8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A small deterministic generator: the same run every time. */
let seed = 7;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;

async function newLead(n: number) {
  const kind = kinds[n % 3] as SubmissionKind;
  await acceptSubmission(engine, { id: idOf(n), kind, data: {}, files: [], lead: { name: `Lead ${n}`, email: `lead${n}@example.com`, organisation: 'Acme', text: '' } });
  await deliverHandedOff(engine, memory.handedOff.at(-1)!);
}

const work = (n: number, change: { status?: LeadStatus; replied?: boolean; note?: string }) => updateSubmission(leadDeps, { id: idOf(n), ...change }, pick(staff));

async function newPurchase(n: number) {
  const services = n % 4 === 0;
  const checkout = {
    sessionId: `cs_test_${n}`,
    appId: services ? 'ai-agent' : pick(['ai-system-prompt-generator', 'ai-content-generator', 'ai-customer-support']),
    type: services ? ('services' as const) : ('marketplace' as const),
    amountTotal: services ? 49_900 : pick([4_999, 3_999, 5_999]),
    currency: n % 7 === 0 ? 'eur' : 'usd',
    customerEmail: `buyer${n}@example.com`,
    eventId: `evt_${n}`,
    livemode: false,
    occurredAt: Math.floor(now.getTime() / 1000),
  };
  await recordCompleted(checkout, now);
  const sale = async () => recordSale(figures, (await findPurchase(checkout.sessionId)) as Purchase);
  // Stripe's event and the success screen both record it, at the same moment.
  await Promise.all([sale(), sale()]);
  return checkout.sessionId;
}

/** A demo booked for a lead, as the booking rules store it; the figures kept after each write, as they do. */
async function book(n: number, start: Date): Promise<BookingRecord> {
  const at = now.toISOString();
  const record: BookingRecord = {
    requestId: idOf(n),
    state: 'booked',
    start: start.toISOString(),
    end: new Date(start.getTime() + 45 * 60_000).toISOString(),
    seats: [`slot#${start.toISOString()}#0`],
    emailSeat: `email#x#${n}`,
    sequence: 0,
    uid: `${n}@cadence-ai.example`,
    reference: '',
    name: `Lead ${n}`,
    email: `lead${n}@example.com`,
    company: 'Acme',
    timeZone,
    meetingUrl: 'https://meet.example/demo',
    createdAt: at,
    updatedAt: at,
    history: [{ at, action: 'booked', by: 'visitor', start: start.toISOString() }],
    version: 1,
    expiresAt: Math.floor(start.getTime() / 1000) + 90 * 86_400,
  };
  await bookingsTable.put(record, undefined);
  await recordDemo(figures, record);
  return record;
}

async function change(b: BookingRecord, next: Partial<BookingRecord>, entry: BookingRecord['history'][number]): Promise<BookingRecord> {
  const record = { ...b, ...next, history: [...b.history, entry], sequence: b.sequence + 1, version: b.version + 1 };
  await bookingsTable.put(record, b.version);
  // Written twice, as a retried request would: counted once.
  await Promise.all([recordDemo(figures, record), recordDemo(figures, record)]);
  return record;
}

async function everything() {
  const scan = async (table: 'submissions' | 'purchases' | 'bookings') => {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo().send(new ScanCommand({ TableName: tableName(table), ExclusiveStartKey: start }));
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  };
  const purchases = await Promise.all((await scan('purchases')).map((p) => findPurchase(p.sessionId as string)));
  const bookings = (await scan('bookings')).filter((b) => String(b.pk).startsWith('request#')) as unknown as BookingRecord[];
  return { submissions: (await scan('submissions')) as unknown as SubmissionRecord<unknown>[], purchases: purchases.filter((p): p is Purchase => p !== undefined), bookings };
}

describe('the overview', () => {
  it('answers the figures of a full recount, after five weeks of leads, answers, spam, an erasure and sales', { timeout: 60_000 }, async () => {
    const sessions: string[] = [];
    const demos: BookingRecord[] = [];
    const bots: string[] = [];
    for (let n = 1; n <= LEADS; n++) {
      now = new Date(now.getTime() + (20 + random() * 20) * HOUR);
      await newLead(n);
      if (n % 2 === 0) sessions.push(await newPurchase(n));
      // Staff work earlier leads: answered, closed, a reply recorded, spam (and back), in progress.
      const earlier = 1 + Math.floor(random() * n);
      const action = pick(['answered', 'closed', 'reply', 'spam', 'unspam', 'inProgress', 'none'] as const);
      if (action === 'reply') await work(earlier, { replied: true, note: 'Called them back.' });
      else if (action === 'unspam') await work(earlier, { status: 'spam' }).then(() => work(earlier, { status: 'new' }));
      else if (action !== 'none') await work(earlier, { status: action }).catch(() => undefined);
      // The scheduled job: the watch's reminders come due, two runs at once.
      if (n % 3 === 0) await Promise.all([retryDueDeliveries(engine), retryDueDeliveries(engine)]);
      // A figure written again, and two writes of one lead racing: each still counts once.
      const again = (await leadRecords.get(idOf(earlier))) as LeadRecord;
      await Promise.all([leadFigures(again), leadFigures(again)]);
      if (n % 8 === 5) bots.push(await honeypotHit(n));
      // Every demo request books a demo two to nine days ahead.
      if (n % 3 === 0) demos.push(await book(n, new Date(now.getTime() + (48 + random() * 170) * HOUR)));
    }
    // Demos moved (to another week), cancelled, held and erased with their person.
    demos[0] = await change(demos[0]!, { start: new Date(Date.parse(demos[0]!.start) + 8 * 24 * HOUR).toISOString(), end: new Date(Date.parse(demos[0]!.end) + 8 * 24 * HOUR).toISOString() }, { at: now.toISOString(), action: 'moved', by: 'visitor', start: new Date(Date.parse(demos[0]!.start) + 8 * 24 * HOUR).toISOString(), from: demos[0]!.start });
    demos[1] = await change(demos[1]!, { state: 'cancelled' }, { at: now.toISOString(), action: 'cancelled', by: 'ana@cadence-ai.example', start: demos[1]!.start });
    // Refunds and subscription changes, some replayed.
    await markRefunded(sessions[1]!, 'refund', now);
    await markRefunded(sessions[5]!, 'dispute', now);
    for (const s of [sessions[1]!, sessions[5]!, sessions[5]!]) await recordSale(figures, (await purchaseStore.find(s)) as Purchase);
    const services = sessions.filter((_, i) => ((i + 1) * 2) % 4 === 0);
    await changeSubscription(services[0]!, { status: 'cancelled', at: Math.floor(now.getTime() / 1000) });
    await changeSubscription(services[1]!, { status: 'pastDue', at: Math.floor(now.getTime() / 1000) });
    for (const s of services.slice(0, 2)) await recordSale(figures, (await purchaseStore.find(s)) as Purchase);
    // A person erased (lead 9, a demo request, and the demo it booked) by the console's erasure; a late write of
    // either afterwards (a retried delivery, a booking request that raced the erasure) changes nothing.
    const erased = (await leadRecords.get(idOf(9))) as LeadRecord;
    expect(demos[2]!.requestId).toBe(erased.id);
    expect(await erasePerson(personDeps, 'lead9@example.com', 'staff-sub')).toMatchObject({ erased: { submissions: 1, bookings: 1 } });
    await leadFigures(erased);
    await recordDemo(figures, demos[2]!);

    now = new Date(now.getTime() + 5 * HOUR);
    const deps = { store: figureReader, timeZone, retentionDays: 365, overdueThreshold: 3, now };
    const answer = await overview(deps);
    const recount = recountOverview({ ...(await everything()), now, timeZone, retentionDays: 365, threshold: 3 });
    expect(answer).toEqual(recount);

    // The run exercised what it claims: answered and open leads, overdue ones, several staff, refunds, every
    // subscription state, spam not counted.
    const leadsCounted = answer.leadsPerDay.reduce((n, d) => n + d.demoRequest + d.contactMessage + d.idea, 0);
    const stored = (await everything()).submissions.filter(isLeadRecord);
    expect(stored).toHaveLength(LEADS - 1);
    expect(bots.length).toBeGreaterThan(2);
    expect(stored.filter((r) => bots.includes(r.id))).toEqual([]);
    expect(leadsCounted).toBe(stored.filter((r) => r.status !== 'spam').length);
    expect(leadsCounted).toBeLessThan(LEADS - 1);
    expect(answer.answerStaff.length).toBeGreaterThan(1);
    expect(answer.openLeads.total).toBeGreaterThan(0);
    expect(answer.overdue.perDay.some((d) => d.count > 0)).toBe(true);
    expect(answer.sales.weeks.reduce((n, w) => n + w.refunds, 0)).toBe(2);
    expect(answer.subscriptions).toMatchObject({ cancelled: 1, pastDue: 1 });
    expect(answer.subscriptions.active).toBeGreaterThan(0);
    const demoTotals = answer.demos.reduce((t, w) => ({ booked: t.booked + w.booked, held: t.held + w.held, cancelled: t.cancelled + w.cancelled }), { booked: 0, held: 0, cancelled: 0 });
    expect(demoTotals).toMatchObject({ booked: demos.length - 2, cancelled: 1 });
    expect(demoTotals.held).toBeGreaterThan(0);
    expect(demoTotals.held).toBeLessThan(demoTotals.booked);
  });
});
