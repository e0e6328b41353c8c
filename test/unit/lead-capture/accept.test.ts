import { describe, expect, it } from 'vitest';
import { acceptContactMessage } from '../../../lambdas/domain/submissions/kinds/contact-message';
import { attachmentFolder } from '../../../lambdas/domain/submissions/attachments';
import { acceptDemoRequest } from '../../../lambdas/domain/submissions/kinds/demo-request';
import { deliveryPlans } from '../../../lambdas/domain/submissions/kinds';
import type { FileStore, MailMessage } from '../../../lambdas/domain/submissions/ports';
import { idempotencyKeyFrom } from '../../../lambdas/lib/idempotency-key';
import { deliverHandedOff, type SubmissionDeps } from '../../../lambdas/domain/submissions/engine';
import { planUploads } from '../../../lambdas/domain/uploads/upload-request';
import { RejectedInput } from '../../../lambdas/domain/errors';
import { demoRequestSchema } from '@shared/contract/schemas/demo-request';
import { contactMessageSchema } from '@shared/contract/schemas/contact-message';
import { uploadKeyPattern, uploadRequestSchema } from '@shared/contract/uploads';
import { memoryFileStore, memorySubmissionStore, memoryUploadClaims, memoryConfirmationLedger } from '../../helpers/memory-submission-store';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const KEY_A = 'incoming/0f8fad5b-d9cb-469f-a165-708677289501/brief.pdf';
const KEY_B = 'incoming/0f8fad5b-d9cb-469f-a165-708677289502/photo.png';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);

function deps(files: FileStore, mailFails = false) {
  const store = memorySubmissionStore();
  // The support staff's mails; the visitor's confirmations (lambdas/domain/submissions/confirmation.ts) apart.
  const mails: MailMessage[] = [];
  const confirmations: MailMessage[] = [];
  const d: SubmissionDeps = {
    store,
    ports: {
      mail: {
        async send(m) {
          if (mailFails) throw new Error('SES is unreachable');
          (m.to.length === 1 ? confirmations : mails).push(m);
        },
      },
      webhooks: { post: async () => ({ status: 200, body: null }) },
      files,
      confirmations: memoryConfirmationLedger(),
      uploadClaims: memoryUploadClaims({ [KEY_A]: 'demoRequest', [KEY_B]: 'demoRequest' }),
      mailTo: ['sales@cadence-ai.example', 'support@cadence-ai.example'],
      siteOrigin: 'http://localhost:3000',
    },
    plans: deliveryPlans,
    clock: { now: () => new Date('2026-11-22T10:00:00.000Z') },
    log: { info() {}, warn() {}, error() {} },
    // The delivery function, run inline: acceptance hands off and the first attempt is done when it returns.
    handOff: (ref) => deliverHandedOff(d, ref),
  };
  return { deps: d, store, mails, confirmations };
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
  files: [KEY_A, KEY_B],
});

describe('accepting a demo request', () => {
  it('claims the uploads, stores once, and mails both recipients with the files attached', async () => {
    const files = memoryFileStore({ [KEY_A]: pdf, [KEY_B]: png });
    const { deps: d, store, mails } = deps(files);
    expect(await acceptDemoRequest(d, ID, demo)).toEqual({ id: ID, created: true });
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
    expect(await acceptDemoRequest(d, ID, demo)).toEqual({ id: ID, created: false });
    expect(store.items.size).toBe(1);
    expect(mails).toHaveLength(1);
  });

  it('refuses a request whose upload is missing or not what it claims, and stores nothing', async () => {
    const cases: Record<string, Uint8Array>[] = [{ [KEY_A]: pdf }, { [KEY_A]: pdf, [KEY_B]: pdf }, { [KEY_A]: new Uint8Array(), [KEY_B]: png }, { [KEY_A]: new Uint8Array(10 * 1024 * 1024 + 1), [KEY_B]: png }];
    for (const objects of cases) {
      const { deps: d, store, mails } = deps(memoryFileStore(objects));
      await expect(acceptDemoRequest(d, ID, demo)).rejects.toBeInstanceOf(RejectedInput);
      expect(store.items.size).toBe(0);
      expect(mails).toEqual([]);
    }
  });

  it('keeps the submission when the mail cannot be sent, pending a retry', async () => {
    const { deps: d, store } = deps(memoryFileStore({ [KEY_A]: pdf, [KEY_B]: png }), true);
    expect(await acceptDemoRequest(d, ID, demo)).toEqual({ id: ID, created: true });
    expect(store.items.get(ID)).toMatchObject({ retryQueue: 'pending', deliveries: { mail: { state: 'pending', attempts: 1, lastError: 'SES is unreachable' } } });
  });
});

describe('accepting a contact message', () => {
  it('stores it and mails both recipients once', async () => {
    const { deps: d, store, mails } = deps(memoryFileStore({}));
    const message = contactMessageSchema.parse({
      name: 'Bo Chen',
      email: 'bo@example.com',
      phone: '(555) 987-6543',
      company: 'Initech',
      industry: 'retail',
      teamSize: '1-10',
      subject: 'Pricing question',
      message: 'How much would a support agent cost for us?',
    });
    expect(await acceptContactMessage(d, ID, message)).toEqual({ id: ID, created: true });
    expect(await acceptContactMessage(d, ID, message)).toEqual({ id: ID, created: false });
    expect(store.items.get(ID)).toMatchObject({ kind: 'contactMessage', data: { newsletter: false } });
    expect(mails).toHaveLength(1);
    // An id already used by the demo form is not silently answered as this form's.
    await expect(acceptDemoRequest(d, ID, { ...demo, files: [] })).rejects.toBeInstanceOf(RejectedInput);
  });
});

describe('submission ids and upload plans', () => {
  it('takes a UUID idempotency key, generates one when absent, refuses anything else', () => {
    expect(idempotencyKeyFrom(ID.toUpperCase(), () => 'x')).toBe(ID);
    expect(idempotencyKeyFrom(undefined, () => 'generated')).toBe('generated');
    expect(() => idempotencyKeyFrom('../../etc', () => 'x')).toThrow('The idempotency key must be a UUID.');
  });

  it('gives each file a random prefix and a safe name that the forms accept back', () => {
    let n = 0;
    const ids = ['0f8fad5b-d9cb-469f-a165-708677289501', '0f8fad5b-d9cb-469f-a165-708677289502'];
    const request = uploadRequestSchema.parse({
      form: 'demoRequest',
      files: [
        { name: 'Q3 <deck>/../../x.PDF', type: 'application/pdf', size: 1000 },
        { name: 'notes.csv', type: '', size: 10 },
      ],
    });
    const plan = planUploads(request, () => ids[n++]!);
    expect(plan).toEqual([
      { key: `incoming/${ids[0]}/Q3 _deck_.._.._x.pdf`, contentType: 'application/pdf', maxBytes: 10 * 1024 * 1024 },
      { key: `incoming/${ids[1]}/notes.csv`, contentType: 'text/csv', maxBytes: 10 * 1024 * 1024 },
    ]);
    for (const p of plan) expect(p.key).toMatch(uploadKeyPattern);
  });
});
