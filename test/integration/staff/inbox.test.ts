/**
 * The leads inbox, on the local stack: every kind of submission a visitor sends shows up, newest first, with its
 * kind, sender, status and delivery state; the filters and the search pick an index (never a scan), page with a
 * cursor, and a submission past its retention is not shown even before TTL deletes it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import type { InboxItem, InboxPage, SubmissionView } from '@shared/contract/staff-console';
import { callStaff, createStaffMember, type StaffMember } from '../../helpers/staff';
import { runToken } from '../lead-capture/support';
import { patchSubmission, submitContact, submitDemo, submitIdea } from './support';

const run = runToken();
let staff: StaffMember;
let ids: { demo: string; contact: string; idea: string };

const list = (query: Record<string, unknown>) => callStaff<InboxPage>(routes.listSubmissions, query, { token: staff.tokens.accessToken });
const idsOf = (page: { items: readonly InboxItem[] }) => page.items.map((i) => i.id);

beforeAll(async () => {
  staff = await createStaffMember();
  const demo = await submitDemo({ name: `Zoë Álvarez ${run}`, email: `zoe-${run}@example.com`, company: `Zeta ${run}` });
  const contact = await submitContact({ name: `Bo Chen ${run}`, email: `bo-${run}@example.com`, subject: `Pricing ${run}` });
  const idea = await submitIdea({ fullName: `Mary Shelley ${run}`, email: `mary-${run}@example.com`, title: `Shift planner ${run}` });
  ids = { demo, contact, idea };
});

describe('the inbox', () => {
  it('lists demo requests, contact messages and ideas together, newest first, from the inbox index', async () => {
    const { status, body } = await list({ q: run });
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual([ids.idea, ids.contact, ids.demo]);
    const [idea, contact, demo] = body.items;
    expect(demo).toMatchObject({ kind: 'demoRequest', name: `Zoë Álvarez ${run}`, email: `zoe-${run}@example.com`, organisation: `Zeta ${run}`, status: 'new', deliveryState: 'sent' });
    expect(contact).toMatchObject({ kind: 'contactMessage', name: `Bo Chen ${run}`, organisation: 'Initech', status: 'new' });
    expect(idea).toMatchObject({ kind: 'idea', name: `Mary Shelley ${run}`, organisation: `Shift planner ${run}` });
    expect(demo?.reference).toMatch(/^\d{6}-[0-9A-F]{6}$/);
    const unfiltered = await list({ limit: 100 });
    expect(unfiltered.body.index).toBe('inbox');
    expect(idsOf(unfiltered.body).slice(0, 3)).toEqual([ids.idea, ids.contact, ids.demo]);
  });

  it('filters by kind, by status and by both, each from its own index', async () => {
    await callStaff(routes.updateSubmission, { id: ids.contact, status: 'answered' }, { token: staff.tokens.accessToken });
    const byKind = await list({ kind: 'contactMessage', limit: 100 });
    expect(byKind.body.index).toBe('inboxByKind');
    expect(idsOf(byKind.body)).toContain(ids.contact);
    expect(byKind.body.items.every((i) => i.kind === 'contactMessage')).toBe(true);
    const byStatus = await list({ status: 'answered', limit: 100 });
    expect(byStatus.body.index).toBe('inboxByStatus');
    expect(idsOf(byStatus.body)).toContain(ids.contact);
    expect(byStatus.body.items.every((i) => i.status === 'answered')).toBe(true);
    const both = await list({ kind: 'contactMessage', status: 'answered', limit: 100 });
    expect(both.body.index).toBe('inboxByKindStatus');
    expect(idsOf(both.body)).toContain(ids.contact);
    expect(idsOf((await list({ kind: 'contactMessage', status: 'new', limit: 100 })).body)).not.toContain(ids.contact);
  });

  it('filters by the day received, inclusive', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(idsOf((await list({ q: run, from: today, to: today })).body)).toHaveLength(3);
    expect(idsOf((await list({ q: run, to: yesterday })).body)).toEqual([]);
  });

  it('searches words of the name, company, title and text, whatever their case and accents', async () => {
    expect(idsOf((await list({ q: `zoe alvarez ${run}` })).body)).toEqual([ids.demo]);
    expect(idsOf((await list({ q: `ZETA ${run}` })).body)).toEqual([ids.demo]);
    expect(idsOf((await list({ q: `clinic ${run}` })).body)).toEqual([ids.idea]);
    expect(idsOf((await list({ q: `pricing ${run}` })).body)).toEqual([ids.contact]);
  });

  it('finds a person by e-mail address (byEmail), a submission by the reference its confirmation quotes, and by id', async () => {
    const byEmail = await list({ q: `MARY-${run}@example.com` });
    expect({ index: byEmail.body.index, ids: idsOf(byEmail.body) }).toEqual({ index: 'byEmail', ids: [ids.idea] });
    const view = await callStaff<SubmissionView>(routes.getSubmission, { id: ids.demo }, { token: staff.tokens.accessToken });
    const byReference = await list({ q: view.body.reference.toLowerCase() });
    expect(byReference.body.index).toBe('inbox');
    expect(idsOf(byReference.body)).toContain(ids.demo);
    expect(idsOf((await list({ q: ids.contact })).body)).toEqual([ids.contact]);
  });

  it('pages with a cursor: each page continues where the last one stopped, and the last has none', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { status, body } = await list({ q: run, limit: 1, ...(cursor ? { cursor } : {}) });
      expect(status).toBe(200);
      seen.push(...idsOf(body));
      cursor = body.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([ids.idea, ids.contact, ids.demo]);
  });

  it('does not show a submission past its retention, though TTL has not deleted it yet', async () => {
    await patchSubmission(ids.demo, { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    expect(idsOf((await list({ q: run })).body)).toEqual([ids.idea, ids.contact]);
    expect((await callStaff(routes.getSubmission, { id: ids.demo }, { token: staff.tokens.accessToken })).status).toBe(404);
  });
});
