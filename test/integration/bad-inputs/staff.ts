/**
 * What the staff routes' bad-input tables share: a staff member whose token every case carries, one stored
 * submission (the fixture) that no case may change (its status, audit trail and deliveries are compared after
 * every case), the callers who are not staff, and the cases every id, e-mail address, search filter and query
 * string of the staff console meets.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import type { RouteDef } from '@shared/contract/api';
import { fieldMessages } from '@shared/contract/schemas/fields';
import { staffMessages } from '@shared/contract/schemas/staff-console';
import { createConfirmedUser, signIn } from '../../helpers/cognito';
import { post } from '../../helpers/local-api';
import { attemptedSubmission, storedSubmission } from '../../helpers/submissions';
import { createStaffMember } from '../../helpers/staff';
import { badTokenCases } from './accounts';
import { apiMessages, type BadCase, type Endpoint } from './table';

export const forbiddenMessage = 'This is for staff only. Ask an operator to add you to the staff group.';
export const notFoundMessage = 'This submission does not exist (any more).';

interface Fixture {
  /** The stored submission no case may change. */
  readonly id: string;
  readonly email: string;
  endpoint(route: RouteDef): Endpoint;
  /** A case whose caller is signed in but not staff (403), built when it runs. */
  notStaff(body?: unknown): BadCase;
}

/** The state of the fixture a case must leave as it was. */
function stateOf(item: Record<string, unknown> | undefined) {
  return item && { status: item.status, history: item.history, deliveries: item.deliveries, version: item.version };
}

/** Registers the file's beforeAll: a staff member, a visitor, and one stored demo request. */
export function staffFixture(): Fixture {
  const id = randomUUID();
  const email = `fixture-${id.slice(0, 8)}@example.com`;
  let staffToken = '';
  let visitorToken = '';
  let before: ReturnType<typeof stateOf>;

  beforeAll(async () => {
    const [staff, visitor] = await Promise.all([createStaffMember(), createConfirmedUser()]);
    staffToken = staff.tokens.accessToken;
    visitorToken = (await signIn(visitor.email, visitor.password)).accessToken;
    const stored = await post(
      '/api/demo-requests',
      {
        name: 'Fixture Person',
        email,
        phone: '+1 555 123 4567',
        company: 'Fixture Inc',
        jobTitle: 'Buyer',
        teamSize: '1-10',
        interests: ['sdr'],
        message: 'A stored demo request that no bad input may change.',
        preferredTime: 'morning',
        consent: true,
      },
      { headers: { 'idempotency-key': id } },
    );
    if (stored.status !== 201) throw new Error(`fixture not stored: ${stored.status}`);
    before = stateOf(await attemptedSubmission(id));
  }, 60_000);

  return {
    id,
    email,
    endpoint: (route) => ({
      route,
      headers: () => ({ authorization: `Bearer ${staffToken}` }),
      leftBehind: async () => {
        const now = stateOf(await storedSubmission(id));
        return JSON.stringify(now) === JSON.stringify(before) ? undefined : { fixtureChanged: now };
      },
    }),
    notStaff: (body) => ({
      name: 'a signed-in visitor who is not staff',
      // Read when the case runs (after beforeAll signed the visitor in).
      headers: {
        get authorization() {
          return `Bearer ${visitorToken}`;
        },
      },
      ...(body === undefined ? { contentType: null } : { body }),
      status: 403,
      message: forbiddenMessage,
    }),
  };
}

/** The callers every staff route refuses: no or a forged token (401), a visitor (403). */
export function callerCases(fixture: Fixture, body?: unknown): BadCase[] {
  return [...badTokenCases(body), fixture.notStaff(body)];
}

const fields = { status: 400, message: apiMessages.fields } as const;

/** A GET case with `query` as sent (already encoded where it says so). */
export const q = (name: string, query: string, expected: Partial<BadCase> & { status: number }): BadCase => ({ name, query, contentType: null, ...expected });

/** `field` refused with `fieldMessage` (400). */
export const refused = (field: string, fieldMessage: string) => ({ ...fields, field, fieldMessage }) as const;

/** Query strings every id parameter (`id`) meets. */
export function idQueryCases(other: string = ''): BadCase[] {
  const bad = refused('id', staffMessages.id);
  const id = (name: string, value: string): BadCase => q(`id ${name}`, `id=${value}${other}`, bad);
  return [
    q('no id', other.replace(/^&/, ''), bad),
    id('empty', ''),
    id('of spaces', '%20%20%20'),
    id('that is not a UUID', 'not-a-uuid'),
    id('with a path traversal', '..%2F..%2Fetc%2Fpasswd'),
    id('with a NUL', `${randomUUID().slice(0, 8)}%00${randomUUID().slice(8)}`),
    id('with CRLF', `${randomUUID()}%0D%0ASet-Cookie:x=1`),
    id('with more after the UUID', `${randomUUID()}x`),
    id('of 5,000 characters', 'a'.repeat(5000)),
    id('as an emoji', '%F0%9F%9A%80'),
    id('with invalid UTF-8', '%FF%FE'),
    q('id twice', `id=${randomUUID()}&id=${randomUUID()}${other}`, bad),
    q('id as an array parameter', `id[]=${randomUUID()}${other}`, bad),
  ];
}

/** Body cases every id field (`id`) meets; `valid` is the rest of a valid body. */
export function idBodyCases(valid: Record<string, unknown>): BadCase[] {
  const bad = refused('id', staffMessages.id);
  const id = (name: string, value: unknown): BadCase => ({ name: `id ${name}`, body: { ...valid, id: value }, ...bad });
  return [
    { name: 'no id', body: Object.fromEntries(Object.entries(valid).filter(([k]) => k !== 'id')), ...bad },
    id('empty', ''),
    id('that is not a UUID', 'not-a-uuid'),
    id('with a path traversal', '../../etc/passwd'),
    id('with a NUL', `${randomUUID()}\u0000`),
    id('as a number', 12345),
    id('as an array', [randomUUID()]),
    id('as an object', { S: randomUUID() }),
    id('null', null),
    id('of 1,500 characters', 'a'.repeat(1500)),
    { name: 'an id of no submission', body: { ...valid, id: randomUUID() }, status: 404, message: notFoundMessage },
  ];
}

/** What every e-mail address meets (GET: `query` builds the case; POST: `body`). */
export function emailCases(build: (name: string, value: string | unknown) => BadCase): BadCase[] {
  return [
    build('missing', undefined),
    build('empty', ''),
    build('without an @', 'person.example.com'),
    build('without a domain', 'person@'),
    build('with two @', 'a@b@example.com'),
    build('with a space inside', 'per son@example.com'),
    build('with CRLF (header injection)', 'person@example.com\r\nBcc: victim@example.com'),
    build('with a NUL', 'person\u0000@example.com'),
    build('with markup', '<script>@example.com'),
    build('of 300 characters', `${'a'.repeat(290)}@example.com`),
    build('with U+202E', 'person\u202e@example.com'),
  ];
}

/** The search filters' values (the inbox's query and the export's body): kind, status, dates, words. */
export function filterCases(build: (name: string, values: Record<string, string>, field: string, fieldMessage: string) => BadCase): BadCase[] {
  return [
    build('an unknown kind', { kind: 'order' }, 'kind', staffMessages.kind),
    build('a kind in another case', { kind: 'DemoRequest' }, 'kind', staffMessages.kind),
    build('a kind named __proto__', { kind: '__proto__' }, 'kind', staffMessages.kind),
    build('an unknown status', { status: 'deleted' }, 'status', staffMessages.status),
    build('an empty status', { status: '' }, 'status', staffMessages.status),
    build('a month 13', { from: '2026-13-01' }, 'from', staffMessages.date),
    build('February 30', { from: '2026-02-30' }, 'from', staffMessages.date),
    build('a two-digit year', { from: '26-01-01' }, 'from', staffMessages.date),
    build('a day without zeros', { to: '2026-1-1' }, 'to', staffMessages.date),
    build('a word for a date', { from: 'yesterday' }, 'from', staffMessages.date),
    build('a date with a time', { to: '2026-01-01T00:00:00Z' }, 'to', staffMessages.date),
    build('a range that ends before it starts', { from: '2026-02-01', to: '2026-01-01' }, 'to', staffMessages.range),
    build('a search of 101 characters', { q: 'x'.repeat(101) }, 'q', staffMessages.query),
    build('a search with a NUL', { q: 'ada\u0000' }, 'q', fieldMessages.notAllowed('Search')),
    build('a search with CRLF', { q: 'ada\r\nlee' }, 'q', fieldMessages.oneLine('Search')),
    build('a search with a script tag', { q: '<script>alert(1)</script>' }, 'q', fieldMessages.markup('Search')),
    build('a search with U+202E', { q: 'ada\u202e' }, 'q', fieldMessages.notAllowed('Search')),
  ];
}
