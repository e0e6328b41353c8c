/**
 * Bad input never stores anything: every case below gets a 4xx (never a 5xx) and leaves no submission and no
 * claimed attachment behind. Each request carries its own submission id, so "stored nothing" is checked by
 * looking that id up, and the table's size is compared before and after.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../shared/uploads';
import { post } from '../../helpers/local-api';
import { storedSubmission, submissionCount } from '../../helpers/submissions';
import { objectKeys, pdfBytes, pngBytes, runToken, upload, validContact, validDemo } from './support';

interface BadCase {
  readonly name: string;
  readonly body: unknown;
  readonly status: number;
  /** The field whose message the answer must carry, when the case is about one field. */
  readonly field?: string;
  readonly message?: string;
  readonly raw?: boolean;
  readonly headers?: Record<string, string>;
}

const token = runToken();
const script = '<script>alert(document.cookie)</script>';
const injection = (v: string) => `${v}\r\nBcc: victim@example.com`;
const without = <T extends object>(value: T, key: keyof T) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

const arrayContaining = (items: string[]) => expect.arrayContaining(items) as unknown;
const anyString = expect.any(String) as unknown;

let before = 0;
beforeAll(async () => {
  before = await submissionCount();
});

/** Sends one bad case under a fresh submission id; answers what came back and what was left behind. */
async function send(path: string, c: BadCase) {
  const id = randomUUID();
  const answer = await post(path, c.body, { raw: c.raw ?? false, headers: { 'idempotency-key': id, ...c.headers } });
  return {
    status: answer.status,
    message: typeof answer.body.message,
    fieldMessages: c.field ? (answer.body.fieldErrors?.[c.field] ?? []) : undefined,
    stored: await storedSubmission(id),
    attachments: await objectKeys(`attachments/${id}/`),
  };
}

/** What every refusal must look like: the status, a message (on the field, if any), nothing stored. */
function refusal(c: BadCase) {
  return {
    status: c.status,
    message: 'string',
    fieldMessages: c.field ? arrayContaining(c.message ? [c.message] : [anyString as string]) : undefined,
    stored: undefined,
    attachments: [],
  };
}

describe('POST /api/demo-requests refuses bad input', () => {
  const demo = validDemo(token);
  const cases: BadCase[] = [
    { name: 'an empty object', body: {}, status: 400, field: 'name', message: 'Name must be at least 2 characters.' },
    ...(Object.keys(demo) as (keyof typeof demo)[]).map((key) => ({ name: `missing ${key}`, body: without(demo, key), status: 400, field: key })),
    { name: 'a one-letter name', body: { ...demo, name: 'A' }, status: 400, field: 'name', message: 'Name must be at least 2 characters.' },
    { name: 'a name of the wrong type', body: { ...demo, name: 42 }, status: 400, field: 'name' },
    { name: 'an invalid email', body: { ...demo, email: 'ann@' }, status: 400, field: 'email', message: 'Please enter a valid email address.' },
    { name: 'a short phone', body: { ...demo, phone: '555-1234' }, status: 400, field: 'phone', message: 'Please enter a valid phone number.' },
    { name: 'a phone of letters', body: { ...demo, phone: 'call me maybe' }, status: 400, field: 'phone', message: 'Please enter a valid phone number.' },
    { name: 'an unknown team size', body: { ...demo, teamSize: '1000+' }, status: 400, field: 'teamSize', message: 'Please select your team size.' },
    { name: 'no interests', body: { ...demo, interests: [] }, status: 400, field: 'interests', message: 'Please select at least one area of interest.' },
    { name: 'interests as a string', body: { ...demo, interests: 'sdr' }, status: 400, field: 'interests' },
    { name: 'an unknown interest', body: { ...demo, interests: ['crypto'] }, status: 400, field: 'interests' },
    { name: 'a short message', body: { ...demo, message: 'Hi' }, status: 400, field: 'message', message: 'Please provide more details about your needs.' },
    { name: 'an unknown preferred time', body: { ...demo, preferredTime: 'midnight' }, status: 400, field: 'preferredTime', message: 'Please select your preferred meeting time.' },
    { name: 'consent not given', body: { ...demo, consent: false }, status: 400, field: 'consent', message: 'You must accept the terms.' },
    { name: 'consent as a string', body: { ...demo, consent: 'true' }, status: 400, field: 'consent', message: 'You must accept the terms.' },
    { name: 'a huge name', body: { ...demo, name: 'x'.repeat(5000) }, status: 400, field: 'name' },
    { name: 'a huge message', body: { ...demo, message: 'x'.repeat(20_000) }, status: 400, field: 'message' },
    { name: 'a body over the route limit', body: { ...demo, message: 'x'.repeat(70 * 1024) }, status: 413 },
    { name: 'a script tag in the name', body: { ...demo, name: script }, status: 400, field: 'name', message: 'Please remove HTML tags.' },
    { name: 'a script tag in the message', body: { ...demo, message: `Hello ${script} there` }, status: 400, field: 'message', message: 'Please remove HTML tags.' },
    { name: 'an event-handler tag in the company', body: { ...demo, company: '<img src=x onerror=alert(1)>' }, status: 400, field: 'company' },
    { name: 'header injection in the name', body: { ...demo, name: injection('Ann') }, status: 400, field: 'name', message: 'Please keep this on one line.' },
    { name: 'header injection in the email', body: { ...demo, email: injection('ann@example.com') }, status: 400, field: 'email' },
    { name: 'header injection in the job title', body: { ...demo, jobTitle: injection('CTO') }, status: 400, field: 'jobTitle' },
    { name: 'an upload key that was never issued', body: { ...demo, files: [`incoming/${randomUUID()}/brief.pdf`] }, status: 400, field: 'files' },
    { name: 'a key outside the upload area', body: { ...demo, files: ['attachments/x/1-brief.pdf'] }, status: 400, field: 'files', message: 'Unknown upload.' },
    { name: 'a path-traversal key', body: { ...demo, files: ['incoming/../../secrets.txt'] }, status: 400, field: 'files', message: 'Unknown upload.' },
    { name: 'six files', body: { ...demo, files: Array.from({ length: 6 }, () => `incoming/${randomUUID()}/a.pdf`) }, status: 400, field: 'files', message: 'You can upload up to 5 files' },
    { name: 'files as a string', body: { ...demo, files: 'brief.pdf' }, status: 400, field: 'files' },
    { name: 'a text/plain body', body: JSON.stringify(demo), raw: true, headers: { 'content-type': 'text/plain' }, status: 415 },
    { name: 'a form-encoded body', body: 'name=Ann', raw: true, headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415 },
    { name: 'malformed JSON', body: '{"name": "Ann",', raw: true, status: 400 },
    { name: 'a JSON array', body: [demo], status: 400 },
    { name: 'JSON null', body: null, status: 400 },
    { name: 'an idempotency key that is not a UUID', body: demo, headers: { 'idempotency-key': '../../etc/passwd' }, status: 400, field: 'idempotencyKey' },
  ];

  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  for (const c of cases) {
    it(`answers ${c.status} for ${c.name}`, async () => {
      expect(await send('/api/demo-requests', c)).toEqual(refusal(c));
    });
  }

  describe('uploads that S3 accepted but the form must not', () => {
    // The local S3 does not enforce the presigned POST's policy (size range, content type); a determined
    // client can upload anything to a key it was given. The submission checks each object again.
    it('refuses an oversized upload', async () => {
      const [key] = await upload([{ name: 'huge.pdf', type: 'application/pdf', content: pdfBytes(MAX_FILE_BYTES + 1024), claimedSize: 1000 }]);
      const c: BadCase = { name: 'oversized', body: { ...demo, files: [key] }, status: 400, field: 'files', message: 'The file huge.pdf is larger than 10MB.' };
      expect(await send('/api/demo-requests', c)).toEqual(refusal(c));
    });

    it('refuses a file whose bytes are not what its name claims', async () => {
      const [key] = await upload([{ name: 'photo.png', type: 'image/png', content: pdfBytes(2000) }]);
      const c: BadCase = { name: 'wrong magic bytes', body: { ...demo, files: [key] }, status: 400, field: 'files', message: 'The file photo.png is not a supported file of its type.' };
      expect(await send('/api/demo-requests', c)).toEqual(refusal(c));
    });

    it('refuses a binary file posing as text', async () => {
      const [key] = await upload([{ name: 'notes.txt', type: 'text/plain', content: pngBytes(500) }]);
      const c: BadCase = { name: 'binary text', body: { ...demo, files: [key] }, status: 400, field: 'files' };
      expect(await send('/api/demo-requests', c)).toEqual(refusal(c));
    });

    it('refuses an empty upload', async () => {
      const [key] = await upload([{ name: 'empty.pdf', type: 'application/pdf', content: new Uint8Array(0), claimedSize: 10 }]);
      const c: BadCase = { name: 'empty', body: { ...demo, files: [key] }, status: 400, field: 'files', message: 'The file empty.pdf is empty.' };
      expect(await send('/api/demo-requests', c)).toEqual(refusal(c));
    });

    it('refuses the whole request when one of two files is bad, claiming neither', async () => {
      const keys = await upload([
        { name: 'good.pdf', type: 'application/pdf', content: pdfBytes(1000) },
        { name: 'bad.png', type: 'image/png', content: new TextEncoder().encode('not a png at all') },
      ]);
      const c: BadCase = { name: 'one bad of two', body: { ...demo, files: keys }, status: 400, field: 'files' };
      expect(await send('/api/demo-requests', c)).toEqual(refusal(c));
    });
  });
});

describe('POST /api/contact-messages refuses bad input', () => {
  const contact = validContact(token);
  const required = ['name', 'email', 'phone', 'company', 'industry', 'teamSize', 'subject', 'message'] as const;
  const cases: BadCase[] = [
    { name: 'an empty object', body: {}, status: 400, field: 'subject', message: 'Subject is required.' },
    ...required.map((key) => ({ name: `missing ${key}`, body: without(contact, key), status: 400, field: key })),
    { name: 'a one-letter name', body: { ...contact, name: 'B' }, status: 400, field: 'name', message: 'Name must be at least 2 characters.' },
    { name: 'a name of the wrong type', body: { ...contact, name: ['Bo'] }, status: 400, field: 'name' },
    { name: 'an invalid email', body: { ...contact, email: 'bo at example.com' }, status: 400, field: 'email', message: 'Please enter a valid email address.' },
    { name: 'a short phone', body: { ...contact, phone: '12345' }, status: 400, field: 'phone', message: 'Please enter a valid phone number.' },
    { name: 'a phone of letters', body: { ...contact, phone: 'not-a-phone-number' }, status: 400, field: 'phone' },
    { name: 'a one-letter company', body: { ...contact, company: 'I' }, status: 400, field: 'company', message: 'Company name is required.' },
    { name: 'an unknown industry', body: { ...contact, industry: 'mining' }, status: 400, field: 'industry', message: 'Please select your industry.' },
    { name: 'an empty industry', body: { ...contact, industry: '' }, status: 400, field: 'industry', message: 'Please select your industry.' },
    { name: 'an empty team size', body: { ...contact, teamSize: '' }, status: 400, field: 'teamSize', message: 'Please select your team size.' },
    { name: 'a short subject', body: { ...contact, subject: 'Hey' }, status: 400, field: 'subject', message: 'Subject is required.' },
    { name: 'a short message', body: { ...contact, message: 'Too short.' }, status: 400, field: 'message', message: 'Please provide more details in your message.' },
    { name: 'a message of the wrong type', body: { ...contact, message: { text: 'hello' } }, status: 400, field: 'message' },
    { name: 'newsletter as a string', body: { ...contact, newsletter: 'yes' }, status: 400, field: 'newsletter' },
    { name: 'a huge subject', body: { ...contact, subject: 'x'.repeat(2000) }, status: 400, field: 'subject' },
    { name: 'a huge message', body: { ...contact, message: 'x'.repeat(20_000) }, status: 400, field: 'message' },
    { name: 'a body over the route limit', body: { ...contact, message: 'x'.repeat(70 * 1024) }, status: 413 },
    { name: 'a script tag in the name', body: { ...contact, name: script }, status: 400, field: 'name', message: 'Please remove HTML tags.' },
    { name: 'a script tag in the subject', body: { ...contact, subject: `Offer ${script}` }, status: 400, field: 'subject', message: 'Please remove HTML tags.' },
    { name: 'a script tag in the message', body: { ...contact, message: `Please read this: ${script}` }, status: 400, field: 'message' },
    { name: 'header injection in the name', body: { ...contact, name: injection('Bo') }, status: 400, field: 'name', message: 'Please keep this on one line.' },
    { name: 'header injection in the subject', body: { ...contact, subject: injection('Pricing question') }, status: 400, field: 'subject', message: 'Please keep this on one line.' },
    { name: 'a bare line feed in the subject', body: { ...contact, subject: 'Pricing\nTo: victim@example.com' }, status: 400, field: 'subject' },
    { name: 'header injection in the email', body: { ...contact, email: injection('bo@example.com') }, status: 400, field: 'email' },
    { name: 'a text/plain body', body: JSON.stringify(contact), raw: true, headers: { 'content-type': 'text/plain' }, status: 415 },
    { name: 'no content type', body: JSON.stringify(contact), raw: true, headers: { 'content-type': '' }, status: 415 },
    { name: 'malformed JSON', body: '{"name":', raw: true, status: 400 },
    { name: 'a JSON string', body: 'hello', status: 400 },
    { name: 'an idempotency key that is not a UUID', body: contact, headers: { 'idempotency-key': 'abc' }, status: 400, field: 'idempotencyKey' },
  ];

  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  for (const c of cases) {
    it(`answers ${c.status} for ${c.name}`, async () => {
      expect(await send('/api/contact-messages', c)).toEqual(refusal(c));
    });
  }
});

describe('after all the bad input', () => {
  it('the submissions table holds nothing more than before', async () => {
    expect(await submissionCount()).toBe(before);
  });
});
