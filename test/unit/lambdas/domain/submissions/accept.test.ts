/**
 * Accepting a submission (accept.ts) on in-memory ports: uploads checked and claimed, stored once, mailed; its
 * idempotency (after the IETF Idempotency-Key draft and Stripe's API): the same key with the same input answers
 * the original result, the same key with other input is refused with 422 and changes nothing (also when it loses a
 * race to the original); and its honeypot: a filled one is answered like a success while nothing is stored,
 * copied, mailed or delivered.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, keyReusedMessage, submissionFingerprint } from '../../../../../lambdas/domain/submissions/accept';
import { attachmentFolder } from '../../../../../lambdas/domain/submissions/attachments';
import { acceptContactMessage } from '../../../../../lambdas/domain/submissions/kinds/contact-message';
import { acceptDemoRequest } from '../../../../../lambdas/domain/submissions/kinds/demo-request';
import { acceptIdea } from '../../../../../lambdas/domain/submissions/kinds/idea';
import type { SubmissionDeps } from '../../../../../lambdas/domain/submissions/engine';
import { DomainError, RejectedInput } from '../../../../../lambdas/domain/errors';
import { memoryFileStore, memorySubmissionDeps, memorySubmissionStore, type MemoryDepsOptions } from '../../../../helpers/memory-submission-store';
import { contactMessage, demoRequest, idea } from '../../../../helpers/records';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const KEY_A = 'incoming/0f8fad5b-d9cb-469f-a165-708677289501/brief.pdf';
const KEY_B = 'incoming/0f8fad5b-d9cb-469f-a165-708677289502/photo.png';
/** Another upload of KEY_A's name, with other content. */
const KEY_OTHER_PDF = 'incoming/7c9e6679-7425-40de-944b-e07fc1f90ae7/brief.pdf';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
const otherPdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x32]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);

/** The domain on in-memory ports; by default KEY_A is uploaded, and the uploads were issued for the demo form. */
const setup = (opts: MemoryDepsOptions = {}) =>
  memorySubmissionDeps({
    files: memoryFileStore({ [KEY_A]: pdf }),
    issued: { [KEY_A]: 'demoRequest', [KEY_B]: 'demoRequest', [KEY_OTHER_PDF]: 'demoRequest' },
    ...opts,
  });

const demo = demoRequest({ files: [KEY_A] });
const demoWithTwoFiles = demoRequest({ files: [KEY_A, KEY_B] });
const contact = contactMessage();
const ideaWithFile = idea({ files: [KEY_A] });

describe('accepting a demo request', () => {
  it('claims the uploads, stores once, and mails both recipients with the files attached', async () => {
    const files = memoryFileStore({ [KEY_A]: pdf, [KEY_B]: png });
    const { deps: d, store, mails } = setup({ files });
    expect(await acceptDemoRequest(d, ID, demoWithTwoFiles)).toEqual({ id: ID, created: true });
    const stored = store.items.get(ID)!;
    const folder = attachmentFolder(ID, stored.fingerprint!);
    expect(folder).toMatch(new RegExp(`^attachments/${ID}/[0-9a-f]{12}/$`));
    expect(stored.files.map((f) => f.key)).toEqual([`${folder}1-brief.pdf`, `${folder}2-photo.png`]);
    expect(stored.data).not.toHaveProperty('files');
    expect(stored.deliveries.mail).toMatchObject({ state: 'sent', attempts: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['sales@cadence-ai.example', 'support@cadence-ai.example']);
    expect(mails[0]!.attachments.map((a) => a.name)).toEqual(['brief.pdf', 'photo.png']);

    // The same id again (a double click): the same answer, nothing stored or sent twice.
    expect(await acceptDemoRequest(d, ID, demoWithTwoFiles)).toEqual({ id: ID, created: false });
    expect(store.items.size).toBe(1);
    expect(mails).toHaveLength(1);
  });

  it('refuses a request whose upload is missing or not what it claims, and stores nothing', async () => {
    const cases: Record<string, Uint8Array>[] = [{ [KEY_A]: pdf }, { [KEY_A]: pdf, [KEY_B]: pdf }, { [KEY_A]: new Uint8Array(), [KEY_B]: png }, { [KEY_A]: new Uint8Array(10 * 1024 * 1024 + 1), [KEY_B]: png }];
    for (const objects of cases) {
      const { deps: d, store, mails } = setup({ files: memoryFileStore(objects) });
      await expect(acceptDemoRequest(d, ID, demoWithTwoFiles)).rejects.toBeInstanceOf(RejectedInput);
      expect(store.items.size).toBe(0);
      expect(mails).toEqual([]);
    }
  });

  it('keeps the submission when the mail cannot be sent, pending a retry', async () => {
    const { deps: d, store } = setup({ files: memoryFileStore({ [KEY_A]: pdf, [KEY_B]: png }), mailFails: true });
    expect(await acceptDemoRequest(d, ID, demoWithTwoFiles)).toEqual({ id: ID, created: true });
    expect(store.items.get(ID)).toMatchObject({ retryQueue: 'pending', deliveries: { mail: { state: 'pending', attempts: 1, lastError: 'SES is unreachable' } } });
  });
});

describe('accepting a contact message', () => {
  it('stores it and mails both recipients once', async () => {
    const { deps: d, store, mails } = setup();
    const message = contactMessage();
    expect(await acceptContactMessage(d, ID, message)).toEqual({ id: ID, created: true });
    expect(await acceptContactMessage(d, ID, message)).toEqual({ id: ID, created: false });
    expect(store.items.get(ID)).toMatchObject({ kind: 'contactMessage', data: { newsletter: message.newsletter } });
    expect(mails).toHaveLength(1);
    // An id already used by the demo form is not silently answered as this form's.
    await expect(acceptDemoRequest(d, ID, demoRequest({ files: [] }))).rejects.toBeInstanceOf(RejectedInput);
  });
});

describe('the fingerprint of a submission', () => {
  it('is the same for the same input in any key order and with an empty honeypot, and differs for any edit', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: undefined }], a: 'x' })).toBe('{"a":"x","b":[2,{"d":1}]}');
    const reordered = Object.fromEntries(Object.entries(demo).reverse());
    expect(submissionFingerprint(reordered)).toBe(submissionFingerprint(demo));
    expect(submissionFingerprint({ ...demo, website: '' })).toBe(submissionFingerprint(demo));
    expect(submissionFingerprint(demo)).toMatch(/^[0-9a-f]{64}$/);
    expect(submissionFingerprint({ ...demo, message: `${demo.message}!` })).not.toBe(submissionFingerprint(demo));
    expect(submissionFingerprint({ ...demo, files: [] })).not.toBe(submissionFingerprint(demo));
  });
});

describe('an idempotency key used again', () => {
  it('with the same input answers the original id and stores and sends nothing more', async () => {
    const { deps, store, mails } = setup();
    expect(await acceptDemoRequest(deps, ID, demo)).toEqual({ id: ID, created: true });
    expect(store.items.get(ID)).toMatchObject({ fingerprint: submissionFingerprint(demo) });
    expect(await acceptDemoRequest(deps, ID, { ...demo })).toEqual({ id: ID, created: false });
    expect(store.items.size).toBe(1);
    expect(mails).toHaveLength(1);
  });

  it.each([
    ['demo request', acceptDemoRequest, demo, { ...demo, message: 'We changed our mind: support first, then sales.' }],
    ['contact message', acceptContactMessage, contact, { ...contact, subject: 'Another question' }],
    ['idea', acceptIdea, ideaWithFile, { ...ideaWithFile, budget: 'Over $100,000' }],
  ] as const)('with other input is refused with a clear message, for a %s, and changes nothing', async (name, accept, original, edited) => {
    const { deps, store, files, mails, posts } = setup(name === 'idea' ? { issued: { [KEY_A]: 'idea' } } : {});
    const acceptAny = accept as (d: SubmissionDeps, id: string, r: object) => Promise<unknown>;
    await acceptAny(deps, ID, original);
    const before = structuredClone(store.items.get(ID));
    const objects = [...files.objects.keys()];
    const sent = [mails.length, posts.length];

    const refused = await acceptAny(deps, ID, edited).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: 'conflicting', message: keyReusedMessage, field: 'idempotencyKey' });
    expect(keyReusedMessage).toBe('This idempotency key was already used with a different submission.');
    expect(store.items.get(ID)).toEqual(before);
    expect([...files.objects.keys()]).toEqual(objects);
    expect([mails.length, posts.length]).toEqual(sent);
  });

  it('without uploads, with the same input, answers the original id from the conditional write alone', async () => {
    const { deps, store, mails } = setup();
    expect(await acceptContactMessage(deps, ID, contact)).toEqual({ id: ID, created: true });
    expect(await acceptContactMessage(deps, ID, { ...contact })).toEqual({ id: ID, created: false });
    expect(store.items.size).toBe(1);
    expect(mails).toHaveLength(1);
  });

  it('by a request with uploads that loses the race to store it answers like a later repeat: the original id, or 422 for other input', async () => {
    // The original is stored between this request's check for a repeat (before claiming its uploads) and its
    // own write.
    const inner = memorySubmissionStore();
    const racing = { ...inner, items: inner.items, get: async (id: string) => (racing.checked++ === 0 ? undefined : inner.get(id)), checked: 0 };
    const first = setup({ store: inner });
    await acceptDemoRequest(first.deps, ID, demo);

    const same = setup({ store: racing });
    expect(await acceptDemoRequest(same.deps, ID, demo)).toEqual({ id: ID, created: false });

    racing.checked = 0;
    const other = setup({ store: racing });
    await expect(acceptDemoRequest(other.deps, ID, { ...demo, message: 'Something else entirely, and longer.' })).rejects.toMatchObject({ kind: 'conflicting' });
    expect(inner.items.size).toBe(1);
    expect([...same.mails, ...other.mails]).toEqual([]);
  });

  it("by a request with other input and a file of the same name, racing the original, leaves the original's files as they were", async () => {
    const inner = memorySubmissionStore();
    const racing = { ...inner, items: inner.items, get: async (id: string) => (racing.checked++ === 0 ? undefined : inner.get(id)), checked: 0 };
    const files = memoryFileStore({ [KEY_A]: pdf, [KEY_OTHER_PDF]: otherPdf });
    await acceptDemoRequest(setup({ store: inner, files }).deps, ID, demo);
    const [original] = inner.items.get(ID)!.files;

    // It claims its upload before its write is refused: into a folder of its own fingerprint, not the original's.
    const edited = { ...demo, message: 'Something else entirely, and longer.', files: [KEY_OTHER_PDF] };
    await expect(acceptDemoRequest(setup({ store: racing, files }).deps, ID, edited)).rejects.toMatchObject({ kind: 'conflicting' });
    expect(inner.items.get(ID)!.files).toEqual([original]);
    expect(files.objects.get(original!.key)).toEqual(pdf);
  });
});

describe('a submission with the honeypot filled', () => {
  it.each([
    ['demoRequest', acceptDemoRequest, demo],
    ['contactMessage', acceptContactMessage, contact],
    ['idea', acceptIdea, ideaWithFile],
  ] as const)('is answered like a stored submission (%s), and nothing is stored, copied, mailed or delivered', async (kind, accept, request) => {
    const { deps, store, files, mails, posts, logs } = setup();
    const acceptAny = accept as (d: SubmissionDeps, id: string, r: object) => Promise<unknown>;
    expect(await acceptAny(deps, ID, { ...request, website: 'http://spam.example' })).toEqual({ id: ID, created: true });
    expect(store.items.size).toBe(0);
    expect([...files.objects.keys()]).toEqual([KEY_A]);
    expect(mails).toEqual([]);
    expect(posts).toEqual([]);
    expect(logs).toEqual([{ level: 'info', message: 'honeypot filled', data: { submissionId: ID, kind } }]);
    expect(JSON.stringify(logs)).not.toContain('spam.example');
  });

  it('is not stored with a submission whose honeypot a person left empty', async () => {
    const { deps, store } = setup();
    await acceptContactMessage(deps, ID, { ...contact, website: '' });
    expect(store.items.get(ID)).toMatchObject({ kind: 'contactMessage' });
    expect((store.items.get(ID) as { data: object }).data).not.toHaveProperty('website');
  });
});
