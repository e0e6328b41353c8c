/**
 * The visitor's confirmation mail, a delivery like the support mail: only our words (no name, no message, no
 * company: the form cannot relay spam), the reference, at most one per address per day, recorded as not needed
 * when the day's is already out, retried when the mail service fails, and never failing the submission.
 */
import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '@shared/contract/schemas/contact-message';
import { acceptContactMessage } from '../../../../../lambdas/domain/submissions/kinds/contact-message';
import { deliveryPlans } from '../../../../../lambdas/domain/submissions/kinds';
import { confirmationClaimKey, confirmationMail } from '../../../../../lambdas/domain/submissions/confirmation';
import { deliverHandedOff, type SubmissionDeps } from '../../../../../lambdas/domain/submissions/engine';
import { newSubmission } from '../../../../../lambdas/domain/submissions/record';
import type { MailMessage } from '../../../../../lambdas/domain/submissions/ports';
import { memoryConfirmationLedger, memoryFileStore, memorySubmissionStore, memoryUploadClaims, memoryVisitorMail, recordingLog } from '../../../../helpers/memory-submission-store';

const spam = 'Buy pills at http://spam.example';
const contact = (email: string) =>
  contactMessageSchema.parse({
    name: spam,
    email,
    phone: '(555) 987-6543',
    company: spam,
    industry: 'retail',
    teamSize: '51-200',
    subject: spam,
    message: `${spam} ${spam} ${spam}`,
    newsletter: false,
  });

function setup(opts: { mailFails?: boolean } = {}) {
  let now = new Date('2026-11-22T10:00:00.000Z');
  const confirmations: MailMessage[] = [];
  const store = memorySubmissionStore();
  const deps: SubmissionDeps = {
    store,
    ports: {
      mail: {
        async send(m) {
          if (m.to.length !== 1) return;
          if (opts.mailFails) throw new Error('SES is unreachable');
          confirmations.push(m);
        },
      },
      webhooks: { post: async () => ({ status: 200, body: null }) },
      files: memoryFileStore({}),
      confirmations: memoryConfirmationLedger(),
      visitorMail: memoryVisitorMail({ now: () => now }),
      uploadClaims: memoryUploadClaims({}),
      mailTo: ['sales@example.com', 'support@example.com'],
      siteOrigin: 'https://site.example',
    },
    plans: deliveryPlans,
    clock: { now: () => now },
    log: recordingLog(),
    handOff: (ref) => deliverHandedOff(deps, ref),
    retentionDays: 30,
  };
  return { deps, store, confirmations, advance: (s: number) => (now = new Date(now.getTime() + s * 1000)) };
}

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe("the visitor's confirmation", () => {
  it('says we received it and reply within 24 hours, with the reference, and nothing the visitor typed', async () => {
    const { deps, store, confirmations } = setup();
    await acceptContactMessage(deps, ID(1), contact('ann@example.com'));
    expect(confirmations).toHaveLength(1);
    const mail = confirmations[0]!;
    const reference = store.items.get(ID(1))?.reference as string;
    expect(reference).toBe('261122-000000');
    expect(mail.to).toEqual(['ann@example.com']);
    expect(mail.subject).toBe(`We received your message (reference ${reference})`);
    expect(mail.text).toContain('We received your message on November 22, 2026 at 10:00 UTC, and we reply within 24 hours.');
    expect(mail.text).toContain(`Your reference: ${reference}`);
    expect(mail.text).toContain('https://site.example/privacy');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/pills|spam\.example/);
    expect(mail.attachments).toEqual([]);
  });

  it('goes once per address per day: the second the same day is recorded as not needed, the next day it goes again', async () => {
    const { deps, store, confirmations, advance } = setup();
    await acceptContactMessage(deps, ID(1), contact('ann@example.com'));
    await acceptContactMessage(deps, ID(2), contact('ANN@example.com'));
    expect(confirmations).toHaveLength(1);
    expect(store.items.get(ID(2))?.deliveries.confirmation).toMatchObject({ state: 'skipped', reason: 'A confirmation already went to this address today.' });
    // Not needed is done: the inbox shows the submission delivered.
    expect(store.items.get(ID(2))?.deliveryState).toBe('sent');
    advance(86_400);
    await acceptContactMessage(deps, ID(3), contact('ann@example.com'));
    expect(confirmations).toHaveLength(2);
  });

  it('never fails the submission: a mail service that fails leaves it stored, the confirmation pending for a retry', async () => {
    const { deps, store } = setup({ mailFails: true });
    expect(await acceptContactMessage(deps, ID(1), contact('ann@example.com'))).toEqual({ id: ID(1), created: true });
    expect(store.items.get(ID(1))).toMatchObject({ retryQueue: 'pending', deliveries: { confirmation: { state: 'pending', attempts: 1, lastError: 'SES is unreachable' } } });
  });

  it('is never sent for a honeypot hit', async () => {
    const { deps, store, confirmations } = setup();
    await acceptContactMessage(deps, ID(1), { ...contact('bot@example.com'), website: 'http://spam.example' });
    expect([store.items.size, confirmations.length]).toEqual([0, 0]);
  });

  it('claims the day under a hash of the address, never the address itself', () => {
    const key = confirmationClaimKey(' Ann@Example.com ', '2026-11-22T23:59:00.000Z');
    expect(key).toMatch(/^[0-9a-f]{64}#2026-11-22$/);
    expect(key).toBe(confirmationClaimKey('ann@example.com', '2026-11-22T00:00:00.000Z'));
    expect(key).not.toContain('ann');
  });

  it('escapes the HTML it builds', () => {
    const record = newSubmission({ id: ID(4), kind: 'idea', data: {}, files: [], targets: [], now: new Date('2026-11-22T10:00:00Z') });
    const mail = confirmationMail({ record, to: 'a@example.com', reference: '<b>', siteOrigin: 'https://x.example/"' });
    expect(mail.html).toContain('&lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
