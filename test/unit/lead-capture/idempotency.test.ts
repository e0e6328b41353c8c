/**
 * The submission pipeline's idempotency (accept.ts, after the IETF Idempotency-Key draft and Stripe's API) and
 * its honeypot, on the in-memory ports: the same key with the same input answers the original result, the same
 * key with other input is refused with 422 and changes nothing (also when it loses a race to the original), and
 * a filled honeypot is answered like a success while nothing is stored, copied, mailed or delivered.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, keyReusedMessage, submissionFingerprint } from '../../../lambdas/domain/submissions/accept';
import { acceptContactMessage } from '../../../lambdas/domain/submissions/kinds/contact-message';
import { acceptDemoRequest } from '../../../lambdas/domain/submissions/kinds/demo-request';
import { acceptIdea } from '../../../lambdas/domain/submissions/kinds/idea';
import { deliveryPlans } from '../../../lambdas/domain/submissions/kinds';
import { deliverHandedOff, type SubmissionDeps } from '../../../lambdas/domain/submissions/engine';
import type { MailMessage, SubmissionStore } from '../../../lambdas/domain/submissions/ports';
import { DomainError } from '../../../lambdas/domain/errors';
import { contactMessageSchema } from '@shared/contract/schemas/contact-message';
import { demoRequestSchema } from '@shared/contract/schemas/demo-request';
import { ideaRequestSchema } from '@shared/contract/schemas/idea';
import { memoryFileStore, memorySubmissionStore, memoryUploadClaims, memoryConfirmationLedger, recordingLog } from '../../helpers/memory-submission-store';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const KEY_A = 'incoming/0f8fad5b-d9cb-469f-a165-708677289501/brief.pdf';
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
/** Another upload of the same name, with other content. */
const KEY_B = 'incoming/7c9e6679-7425-40de-944b-e07fc1f90ae7/brief.pdf';
const otherPdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x32]);

function setup(
  store: SubmissionStore & { items: Map<string, unknown> } = memorySubmissionStore(),
  files = memoryFileStore({ [KEY_A]: pdf }),
  uploadForm: 'demoRequest' | 'idea' = 'demoRequest',
) {
  const mails: MailMessage[] = [];
  const webhookCalls: unknown[] = [];
  const log = recordingLog();
  const deps: SubmissionDeps = {
    store,
    ports: {
      // Support mails only: the visitor's confirmation is counted in confirmation.test.ts.
      mail: { send: async (m) => void (m.to.length === 1 ? undefined : mails.push(m)) },
      webhooks: { post: async (_type, payload) => (webhookCalls.push(payload), { status: 200, body: null }) },
      files,
      confirmations: memoryConfirmationLedger(),
      uploadClaims: memoryUploadClaims({ [KEY_A]: uploadForm, [KEY_B]: uploadForm }),
      mailTo: ['sales@cadence-ai.example', 'support@cadence-ai.example'],
      siteOrigin: 'http://localhost:3000',
    },
    plans: deliveryPlans,
    clock: { now: () => new Date('2026-11-22T10:00:00.000Z') },
    handOff: (ref) => deliverHandedOff(deps, ref),
    log,
  };
  return { deps, store, files, mails, webhookCalls, log };
}

const demo = demoRequestSchema.parse({
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '+1 555 123 4567',
  company: 'Acme',
  jobTitle: 'CTO',
  teamSize: '11-50',
  interests: ['sdr'],
  message: 'We want to qualify leads automatically.',
  preferredTime: 'morning',
  consent: true,
  files: [KEY_A],
});
const contact = contactMessageSchema.parse({
  name: 'Bo Chen',
  email: 'bo@example.com',
  phone: '(555) 987-6543',
  company: 'Initech',
  industry: 'retail',
  teamSize: '1-10',
  subject: 'Pricing question',
  message: 'How much would a support agent cost for us?',
});
const idea = ideaRequestSchema.parse({
  title: 'Shift planner',
  description: 'An assistant that plans shifts for a small clinic.',
  targetUsers: 'Clinic managers',
  businessType: 'Healthcare',
  budget: 'Not sure yet',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  files: [KEY_A],
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
    ['idea', acceptIdea, idea, { ...idea, budget: 'Over $100,000' }],
  ] as const)('with other input is refused with a clear message, for a %s, and changes nothing', async (name, accept, original, edited) => {
    const { deps, store, files, mails, webhookCalls } = setup(undefined, undefined, name === 'idea' ? 'idea' : 'demoRequest');
    const acceptAny = accept as (d: SubmissionDeps, id: string, r: object) => Promise<unknown>;
    await acceptAny(deps, ID, original);
    const before = structuredClone(store.items.get(ID));
    const objects = [...files.objects.keys()];
    const sent = [mails.length, webhookCalls.length];

    const refused = await acceptAny(deps, ID, edited).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: 'conflicting', message: keyReusedMessage, field: 'idempotencyKey' });
    expect(keyReusedMessage).toBe('This idempotency key was already used with a different submission.');
    expect(store.items.get(ID)).toEqual(before);
    expect([...files.objects.keys()]).toEqual(objects);
    expect([mails.length, webhookCalls.length]).toEqual(sent);
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
    const first = setup(inner);
    await acceptDemoRequest(first.deps, ID, demo);

    const same = setup(racing);
    expect(await acceptDemoRequest(same.deps, ID, demo)).toEqual({ id: ID, created: false });

    racing.checked = 0;
    const other = setup(racing);
    await expect(acceptDemoRequest(other.deps, ID, { ...demo, message: 'Something else entirely, and longer.' })).rejects.toMatchObject({ kind: 'conflicting' });
    expect(inner.items.size).toBe(1);
    expect([...same.mails, ...other.mails]).toEqual([]);
  });

  it("by a request with other input and a file of the same name, racing the original, leaves the original's files as they were", async () => {
    const inner = memorySubmissionStore();
    const racing = { ...inner, items: inner.items, get: async (id: string) => (racing.checked++ === 0 ? undefined : inner.get(id)), checked: 0 };
    const files = memoryFileStore({ [KEY_A]: pdf, [KEY_B]: otherPdf });
    await acceptDemoRequest(setup(inner, files).deps, ID, demo);
    const [original] = inner.items.get(ID)!.files;

    // It claims its upload before its write is refused: into a folder of its own fingerprint, not the original's.
    const edited = { ...demo, message: 'Something else entirely, and longer.', files: [KEY_B] };
    await expect(acceptDemoRequest(setup(racing, files).deps, ID, edited)).rejects.toMatchObject({ kind: 'conflicting' });
    expect(inner.items.get(ID)!.files).toEqual([original]);
    expect(files.objects.get(original!.key)).toEqual(pdf);
  });
});

describe('a submission with the honeypot filled', () => {
  it.each([
    ['demoRequest', acceptDemoRequest, demo],
    ['contactMessage', acceptContactMessage, contact],
    ['idea', acceptIdea, idea],
  ] as const)('is answered like a stored submission (%s), and nothing is stored, copied, mailed or delivered', async (kind, accept, request) => {
    const { deps, store, files, mails, webhookCalls, log } = setup();
    const acceptAny = accept as (d: SubmissionDeps, id: string, r: object) => Promise<unknown>;
    expect(await acceptAny(deps, ID, { ...request, website: 'http://spam.example' })).toEqual({ id: ID, created: true });
    expect(store.items.size).toBe(0);
    expect([...files.objects.keys()]).toEqual([KEY_A]);
    expect(mails).toEqual([]);
    expect(webhookCalls).toEqual([]);
    expect(log.lines).toEqual([{ level: 'info', message: 'honeypot filled', data: { submissionId: ID, kind } }]);
    expect(JSON.stringify(log.lines)).not.toContain('spam.example');
  });

  it('is not stored with a submission whose honeypot a person left empty', async () => {
    const { deps, store } = setup();
    await acceptContactMessage(deps, ID, { ...contact, website: '' });
    expect(store.items.get(ID)).toMatchObject({ kind: 'contactMessage' });
    expect((store.items.get(ID) as { data: object }).data).not.toHaveProperty('website');
  });
});
