/**
 * GET /api/attachments (the support mail's file links) against the bad-input table (see table.ts): every key
 * that is not an attachment's is "Unknown file." (400), a well-formed key of no submission is 404, and no case
 * is redirected to a download.
 */
import { randomUUID } from 'node:crypto';
import { routes } from '@shared/deployment/manifest';
import { apiMessages, badInputTable, type BadCase } from './table';

const route = routes.openAttachment;
const unknownFile = { status: 400, message: apiMessages.fields, field: 'key', fieldMessage: 'Unknown file.' } as const;
const notFound = { status: 404, message: 'This link does not exist or has expired.' } as const;
const uuid = randomUUID();
const key = (rest: string) => `attachments/${uuid}/${rest}`;

/** A case for `query` as sent (already encoded where it says so). */
const q = (name: string, query: string, expected: Partial<BadCase> & { status: number } = unknownFile): BadCase => ({ name, query, contentType: null, ...expected });
const k = (name: string, value: string, expected: Partial<BadCase> & { status: number } = unknownFile) => q(name, `key=${encodeURIComponent(value)}`, expected);

badInputTable({ route, leftBehind: async () => undefined }, [
  q('no query', '', unknownFile),
  q('another parameter instead of key', 'file=x.pdf'),
  q('key without a value', 'key'),
  k('an empty key', ''),
  k('a key of spaces', '   '),
  k('a plain file name', 'brief.pdf'),
  k('an upload key', `incoming/${uuid}/brief.pdf`),
  k('a key of another bucket area', `private/${uuid}/1-brief.pdf`),
  k('a path-traversal key', `attachments/${uuid}/../../secrets.txt`),
  k('a traversal in the id', 'attachments/../1-brief.pdf'),
  k('an absolute path', '/etc/passwd'),
  k('a URL', 'https://example.com/1-brief.pdf'),
  k('a submission id that is not a UUID', 'attachments/not-a-uuid/1-brief.pdf'),
  k('an upper-case id', key('1-brief.pdf').toUpperCase()),
  k('a three-digit index', key('100-brief.pdf')),
  k('no index', key('brief.pdf')),
  k('a NUL in the name', key('1-brief\u0000.pdf')),
  k('CRLF in the name', key('1-brief\r\nX-Injected: 1.pdf')),
  k('U+202E in the name', key('1-brief\u202efdp.exe')),
  k('U+2066 in the name', key('1-\u2066brief.pdf')),
  k('markup in the name', key('1-<script>.pdf')),
  k('an emoji in the name', key('1-brief🚀.pdf')),
  k('a zero-width joiner in the name', key('1-bri\u200def.pdf')),
  k('a backslash path', `attachments\\${uuid}\\1-brief.pdf`),
  k('a key of 5,000 characters', key(`1-${'a'.repeat(5000)}.pdf`)),
  k('a name of 250 characters', key(`1-${'a'.repeat(250)}.pdf`)),
  q('an invalid UTF-8 escape', `key=${encodeURIComponent(key('1-'))}%FF%FE.pdf`),
  q('a lone surrogate escape', `key=${encodeURIComponent(key('1-'))}%ED%A0%80.pdf`),
  q('an encoded slash twice over', `key=attachments%252F${uuid}%252F1-brief.pdf`),
  q('two keys', `key=${encodeURIComponent(key('1-a.pdf'))}&key=${encodeURIComponent(key('2-b.pdf'))}`),
  q('key as an array parameter', `key[]=${encodeURIComponent(key('1-a.pdf'))}`),
  q('key as an object parameter', `key[__proto__]=${encodeURIComponent(key('1-a.pdf'))}`),
  q('a __proto__ parameter', `__proto__=1&key=${encodeURIComponent(key('1-brief.pdf'))}`, notFound),
  q('a constructor parameter', `constructor=1&key=${encodeURIComponent(key('1-brief.pdf'))}`, notFound),
  k('a well-formed key of no submission', key('1-brief.pdf'), notFound),
  k('a well-formed key with spaces in the name', key('2-my brief.pdf'), notFound),
  k('a well-formed key of another id', `attachments/${randomUUID()}/1-brief.pdf`, notFound),
  { name: 'a JSON body on the GET', query: `key=${encodeURIComponent(key('1-brief.pdf'))}`, body: { key: 'x' }, ...notFound },
  { name: 'a body over the route limit', query: `key=${encodeURIComponent(key('1-brief.pdf'))}`, raw: 'x'.repeat(route.maxBodyBytes + 1), status: 413, message: apiMessages.tooLarge(route) },
  k('a numeric key', '12345'),
]);
