/**
 * The staff inbox's routes against the bad-input table (see table.ts and staff.ts): GET /api/staff/submissions,
 * GET and POST /api/staff/submission, POST /api/staff/exports. Every case is refused with its message (or, for
 * extra query parameters a GET ignores, answered as usual) and no case changes the stored fixture.
 */
import { randomUUID } from 'node:crypto';
import { routes } from '@shared/contract/api';
import { staffMessages } from '@shared/contract/schemas/staff-console';
import { apiMessages, badInputTable, jsonBodyCases, textFieldCases, type BadCase } from './table';
import { callerCases, filterCases, idBodyCases, idQueryCases, notFoundMessage, q, refused, staffFixture } from './staff';

const fixture = staffFixture();
const cursor = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const uuid = randomUUID();
const key = (extra: Record<string, unknown> = {}) => ({ id: uuid, receivedKey: `2026-11-22T10:00:00.000Z#${uuid}`, inbox: 'all', ...extra });
/** A cursor the schema lets through (its characters) but the inbox refuses (what it names): the message says why. */
const badCursor = { status: 400, message: staffMessages.cursor, field: 'cursor', fieldMessage: staffMessages.cursor } as const;
const malformedCursor = refused('cursor', staffMessages.cursor);
const listed = (index: string) => ({ status: 200, answer: { index } });
const encode = (values: Record<string, string>) => new URLSearchParams(values).toString();

badInputTable(fixture.endpoint(routes.listSubmissions), [
  ...callerCases(fixture),
  ...filterCases((name, values, field, fieldMessage) => q(name, encode(values), refused(field, fieldMessage))),
  q('a search with invalid UTF-8', 'q=ada%FF', refused('q', 'Search contains characters that are not allowed.')),
  q('a search with a lone surrogate escape', 'q=ada%ED%A0%80', refused('q', 'Search contains characters that are not allowed.')),
  q('two kinds', 'kind=idea&kind=demoRequest', refused('kind', staffMessages.kind)),
  q('a cursor of other characters', 'cursor=!!!', malformedCursor),
  q('a cursor of 3,000 characters', `cursor=${'a'.repeat(3000)}`, malformedCursor),
  q('a cursor that is not JSON', `cursor=${cursor('not json')}`, badCursor),
  q('a cursor of a JSON list', `cursor=${cursor([uuid])}`, badCursor),
  q('an empty cursor object', `cursor=${cursor({})}`, badCursor),
  q('a cursor with an extra key', `cursor=${cursor(key({ extra: 'x' }))}`, badCursor),
  q('a cursor whose id is not a UUID', `cursor=${cursor(key({ id: 'x' }))}`, badCursor),
  q('a cursor of another filter', `kind=idea&cursor=${cursor(key())}`, badCursor),
  q('a cursor outside the date range', `from=2026-01-01&to=2026-01-31&cursor=${cursor(key())}`, badCursor),
  q('a cursor with a malformed time', `cursor=${cursor(key({ receivedKey: 'yesterday' }))}`, badCursor),
  q('a cursor with numbers for keys', `cursor=${cursor(key({ receivedKey: 1, id: 2 }))}`, badCursor),
  q('a cursor with a __proto__ key', `cursor=${cursor('{"__proto__":{"polluted":true},"id":"x"}')}`, badCursor),
  q('a cursor on a search for an id', `q=${uuid}&cursor=${cursor(key())}`, badCursor),
  q('a page size of 0', 'limit=0', refused('limit', staffMessages.limit)),
  q('a page size of 101', 'limit=101', refused('limit', staffMessages.limit)),
  q('a negative page size', 'limit=-1', refused('limit', staffMessages.limit)),
  q('a page size in words', 'limit=ten', refused('limit', staffMessages.limit)),
  q('a page size in exponent notation', 'limit=1e2', refused('limit', staffMessages.limit)),
  // Answered as usual: what a GET ignores, and searches that pick another index.
  q('an unknown parameter (ignored)', 'price=0', listed('inbox')),
  q('a __proto__ parameter (ignored)', '__proto__=1', listed('inbox')),
  q('an array parameter (ignored)', 'kind[]=idea', listed('inbox')),
  q('an emoji search (allowed)', 'q=%F0%9F%9A%80', listed('inbox')),
  q('an e-mail search: the byEmail index', `q=${encodeURIComponent(fixture.email)}`, listed('byEmail')),
  q('a reference search: one day of the inbox index', 'q=261122-ABCDEF', listed('inbox')),
  q('a search for an id: one GetItem', `q=${uuid}`, listed('table (GetItem by id)')),
  { name: 'a JSON body on the GET (ignored)', body: { kind: 'x' }, ...listed('inbox') },
  { name: 'a body over the route limit', raw: 'x'.repeat(routes.listSubmissions.maxBodyBytes + 1), status: 413, message: apiMessages.tooLarge(routes.listSubmissions) },
]);

badInputTable(fixture.endpoint(routes.getSubmission), [
  ...callerCases(fixture),
  ...idQueryCases(),
  q('an id of no submission', `id=${randomUUID()}`, { status: 404, message: notFoundMessage }),
  q('an upper-case id of no submission', `id=${randomUUID().toUpperCase()}`, { status: 404, message: notFoundMessage }),
  q('the fixture with a __proto__ parameter', `id=${fixture.id}&__proto__=1`, { status: 200, answer: { id: fixture.id } }),
  q('the fixture with a status parameter (a GET changes nothing)', `id=${fixture.id}&status=closed`, { status: 200, answer: { id: fixture.id, status: 'new' } }),
  { name: 'a JSON body on the GET (ignored)', query: `id=${fixture.id}`, body: { status: 'closed' }, status: 200, answer: { status: 'new' } },
  { name: 'a body over the route limit', query: `id=${fixture.id}`, raw: 'x'.repeat(routes.getSubmission.maxBodyBytes + 1), status: 413, message: apiMessages.tooLarge(routes.getSubmission) },
  q('a query of 5,000 characters', `id=${fixture.id}&x=${'a'.repeat(5000)}`, { status: 200, answer: { id: fixture.id } }),
  q('two hundred parameters', `id=${fixture.id}&${Array.from({ length: 200 }, (_, i) => `p${i}=${i}`).join('&')}`, { status: 200, answer: { id: fixture.id } }),
  q('an id with a JSONP callback', `id=${fixture.id}&callback=alert`, { status: 200, answer: { id: fixture.id } }),
  q('the fixture with surrounding spaces', `id=%20${fixture.id}%20`, { status: 200, answer: { id: fixture.id } }),
  q('the fixture in upper case', `id=${fixture.id.toUpperCase()}`, { status: 200, answer: { id: fixture.id } }),
  q('an id with U+202E', `id=%E2%80%AE${randomUUID()}`, refused('id', staffMessages.id)),
  q('an id of an attachment key', `id=${encodeURIComponent(`attachments/${randomUUID()}/1-a.pdf`)}`, refused('id', staffMessages.id)),
  q('an id with markup', 'id=%3Cscript%3E', refused('id', staffMessages.id)),
  q('an id with a zero-width joiner', `id=${randomUUID().slice(0, 8)}%E2%80%8D${randomUUID().slice(8)}`, refused('id', staffMessages.id)),
  q('a percent sign alone', 'id=%', refused('id', staffMessages.id)),
  q('a query of only separators', '&&&==&', refused('id', staffMessages.id)),
  { name: 'a text body on the GET (ignored)', query: `id=${fixture.id}`, raw: 'status=closed', contentType: 'text/plain', status: 200, answer: { status: 'new' } },
  { name: 'a forged user header (ignored)', query: `id=${fixture.id}`, headers: { 'x-user-id': 'someone-else' }, contentType: null, status: 200, answer: { id: fixture.id } },
]);

const update = { id: fixture.id, status: 'closed', note: 'Called back.' };
badInputTable(fixture.endpoint(routes.updateSubmission), [
  ...callerCases(fixture, update),
  ...jsonBodyCases(routes.updateSubmission, update, { unknownKeys: 'refused' }),
  ...idBodyCases({ status: 'closed' }),
  ...textFieldCases(routes.updateSubmission, {
    field: 'note',
    label: 'Note',
    set: (value) => ({ ...update, note: value }),
    max: 2000,
    message: staffMessages.note,
    maxMessage: staffMessages.note,
    multiLine: true,
  }),
  { name: 'neither a status nor a note', body: { id: fixture.id }, ...refused('note', staffMessages.change) },
  { name: 'an empty note and no status', body: { id: fixture.id, note: '   ' }, ...refused('note', staffMessages.change) },
  { name: 'an unknown status', body: { ...update, status: 'won' }, ...refused('status', staffMessages.status) },
  { name: 'a status in other case', body: { ...update, status: 'Closed' }, ...refused('status', staffMessages.status) },
  { name: 'a status as a number', body: { ...update, status: 3 }, ...refused('status', staffMessages.status) },
  { name: 'the status it already has, without a note', body: { id: fixture.id, status: 'new' }, status: 400, message: 'The status is already that. Choose another status or write a note.', field: 'status' },
  { name: 'an audit entry smuggled in', body: { ...update, history: [{ by: 'someone else' }] }, status: 400, message: apiMessages.fields },
  { name: 'a version smuggled in', body: { ...update, version: 1 }, status: 400, message: apiMessages.fields },
]);

const exportCases: BadCase[] = [
  ...callerCases(fixture, { kind: 'idea' }),
  // An empty filter is a valid export of everything: not a bad input.
  ...jsonBodyCases(routes.exportSubmissions, { kind: 'idea' }, { unknownKeys: 'refused' }).filter((c) => c.name !== 'an empty object'),
  ...filterCases((name, values, field, fieldMessage) => ({ name, body: values, ...refused(field, fieldMessage) })),
  { name: 'a cursor (exports take no paging)', body: { kind: 'idea', cursor: 'abc' }, status: 400, message: apiMessages.fields },
  { name: 'a page size (exports take no paging)', body: { kind: 'idea', limit: 10 }, status: 400, message: apiMessages.fields },
  { name: 'a kind as a list', body: { kind: ['idea'] }, ...refused('kind', staffMessages.kind) },
  { name: 'a date as a number', body: { from: 20260101 }, ...refused('from', staffMessages.date) },
];
badInputTable(fixture.endpoint(routes.exportSubmissions), exportCases);
