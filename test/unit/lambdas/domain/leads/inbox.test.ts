/**
 * The inbox's plans (which index a filter reads: a Query on an index for every filter, a GetItem for an id), its
 * cursors (checked against the plan they continue, never handed to DynamoDB unchecked) and its pages (newest
 * first; a word search reads ahead in bounded steps).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SubmissionKind } from '@shared/contract/staff-console';
import { SEARCH_READ_BUDGET, decodeCursor, encodeCursor, inboxPage, planInbox } from '../../../../../lambdas/domain/leads/inbox';
import { DomainError } from '../../../../../lambdas/domain/errors';
import { newSubmission } from '../../../../../lambdas/domain/submissions/record';
import { memoryLeadStore } from '../../../../helpers/memory-lead-store';

const now = new Date('2026-11-22T12:00:00.000Z');

function lead(i: number, kind: SubmissionKind = 'demoRequest', name = `Person ${i}`) {
  return newSubmission({
    id: randomUUID(),
    kind,
    data: {},
    files: [],
    targets: ['mail'],
    now: new Date(Date.UTC(2026, 10, 20) + i * 60_000),
    lead: { name, email: `p${i}@example.com`, organisation: `Org ${i}`, text: `message ${i}` },
    retentionDays: 30,
  });
}

describe('planInbox', () => {
  it('reads one index per filter, a date range as the sort key range', () => {
    expect(planInbox({}, now)).toMatchObject({ index: 'inbox', partition: { name: 'inbox', value: 'all' } });
    expect(planInbox({ kind: 'idea' }, now)).toMatchObject({ index: 'inboxByKind', partition: { value: 'idea' } });
    expect(planInbox({ status: 'closed' }, now)).toMatchObject({ index: 'inboxByStatus', partition: { value: 'closed' } });
    expect(planInbox({ kind: 'idea', status: 'closed' }, now)).toMatchObject({ index: 'inboxByKindStatus', partition: { value: 'idea#closed' } });
    expect(planInbox({ from: '2026-11-01', to: '2026-11-02' }, now)).toMatchObject({ range: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T23:59:59.999Z#~' } });
  });

  it('reads a whole address from the byEmail index, a reference from its day, an id by key, words as a filter', () => {
    expect(planInbox({ q: 'Ann@Example.com', kind: 'idea' }, now)).toMatchObject({ index: 'byEmail', partition: { value: 'ann@example.com' }, where: { kind: 'idea' } });
    expect(planInbox({ q: '261122-3f2a9c' }, now)).toMatchObject({ index: 'inbox', range: { from: '2026-11-22T00:00:00.000Z' }, where: { reference: '261122-3F2A9C' } });
    const id = randomUUID();
    expect(planInbox({ q: id.toUpperCase() }, now)).toEqual({ exactId: id });
    expect(planInbox({ q: 'José  ÁLVAREZ', status: 'new' }, now)).toMatchObject({ index: 'inboxByStatus', where: { words: ['jose', 'alvarez'] } });
  });
});

describe('cursors', () => {
  const plan = planInbox({ kind: 'idea' }, now) as Exclude<ReturnType<typeof planInbox>, { exactId: string }>;
  const id = randomUUID();
  const key = { id, receivedKey: `2026-11-22T10:00:00.000Z#${id}`, kind: 'idea' };

  it('round-trips the key of the plan it continues', () => {
    expect(decodeCursor(encodeCursor(key), plan)).toEqual(key);
  });

  it('refuses a cursor of another plan or shape with a message, never passing it on', () => {
    const refuse = (value: unknown) => {
      const cursor = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
      expect(() => decodeCursor(cursor, plan)).toThrow(DomainError);
    };
    refuse({ ...key, kind: 'demoRequest' });
    refuse({ ...key, inbox: 'all' });
    refuse({ id: 'x', receivedKey: key.receivedKey, kind: 'idea' });
    refuse({ ...key, receivedKey: 'yesterday' });
    refuse([key]);
    refuse('{');
    const ranged = planInbox({ kind: 'idea', from: '2026-01-01', to: '2026-01-02' }, now) as typeof plan;
    expect(() => decodeCursor(encodeCursor(key), ranged)).toThrow(DomainError);
  });
});

describe('inboxPage', () => {
  it('answers the newest first and continues from the cursor until the last page', async () => {
    const records = Array.from({ length: 7 }, (_, i) => lead(i));
    const store = memoryLeadStore(records);
    const first = await inboxPage(store, { limit: 3 }, now);
    expect(first.items.map((i) => i.name)).toEqual(['Person 6', 'Person 5', 'Person 4']);
    const second = await inboxPage(store, { limit: 3, cursor: first.cursor }, now);
    const third = await inboxPage(store, { limit: 3, cursor: second.cursor }, now);
    expect([...second.items, ...third.items].map((i) => i.name)).toEqual(['Person 3', 'Person 2', 'Person 1', 'Person 0']);
    expect(third.cursor).toBeUndefined();
    expect(store.reads.every((r) => r.index === 'inbox')).toBe(true);
  });

  it('finds words among many rows in bounded steps, and says how far it read', async () => {
    const records = Array.from({ length: SEARCH_READ_BUDGET + 600 }, (_, i) => lead(i, 'idea', i === 10 ? 'Rare Needle' : `Person ${i}`));
    const store = memoryLeadStore(records);
    const page = await inboxPage(store, { q: 'needle' }, now);
    // The budget ran out before the needle (it is among the oldest): a cursor to read on, nothing found yet.
    expect(page.items).toEqual([]);
    expect(page.examined).toBeGreaterThanOrEqual(SEARCH_READ_BUDGET);
    expect(page.examined).toBeLessThan(SEARCH_READ_BUDGET + 600);
    const next = await inboxPage(store, { q: 'needle', cursor: page.cursor }, now);
    expect(next.items.map((i) => i.name)).toEqual(['Rare Needle']);
  });

  it('leaves out what expired and answers an id with one read', async () => {
    const [alive, expired] = [lead(1), { ...lead(2), expiresAt: Math.floor(now.getTime() / 1000) - 1 }];
    const store = memoryLeadStore([alive, expired]);
    expect((await inboxPage(store, {}, now)).items.map((i) => i.id)).toEqual([alive.id]);
    expect(await inboxPage(store, { q: expired.id }, now)).toMatchObject({ items: [], index: 'table (GetItem by id)' });
    expect((await inboxPage(store, { q: alive.id }, now)).items.map((i) => i.id)).toEqual([alive.id]);
  });
});
