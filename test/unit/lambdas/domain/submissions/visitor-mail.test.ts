/**
 * Mail to visitors that cannot be turned on the business (lambdas/domain/submissions/visitor-mail.ts): one mailbox
 * under its variants, the order of the checks (sandbox, suppressed, the mail's own claim, the caps), retries not
 * counted twice, staff's sends not counted; SES's events suppressing what they should; and, through the delivery
 * engine, a confirmation past a cap skipped with its reason and logged for the alarm, the submission delivered.
 */
import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '@shared/contract/schemas/contact-message';
import { acceptContactMessage } from '../../../../../lambdas/domain/submissions/kinds/contact-message';
import { recordMailFeedback, suppressionsOf } from '../../../../../lambdas/domain/submissions/mail-feedback';
import {
  addressKey,
  admitVisitorMail,
  cappedReason,
  normalisedAddress,
  parseVisitorMailCaps,
  recipientDomain,
  sandboxReason,
  suppressedReason,
} from '../../../../../lambdas/domain/submissions/visitor-mail';
import { memorySubmissionDeps, memoryVisitorMail } from '../../../../helpers/memory-submission-store';

describe('one mailbox, one address', () => {
  it('folds case, +tags, Gmail’s dots and googlemail.com; other domains keep their dots', () => {
    for (const variant of ['Pat.Smith@gmail.com', 'patsmith+leads@GMAIL.com', ' p.a.t.s.m.i.t.h@googlemail.com ', 'PATSMITH+x+y@gmail.com']) {
      expect(normalisedAddress(variant), variant).toBe('patsmith@gmail.com');
    }
    expect(normalisedAddress('Pat.Smith+tag@Example.com')).toBe('pat.smith@example.com');
    expect(recipientDomain('x@GoogleMail.com')).toBe('gmail.com');
    expect(addressKey('Pat.Smith@gmail.com')).toBe(addressKey('patsmith+x@googlemail.com'));
    expect(addressKey('a@example.com')).not.toContain('example');
  });
});

describe('admitting a mail to a visitor', () => {
  const claimed = async () => 'claimed' as const;

  it('in a sandboxed stage: never, and nothing is claimed or counted', async () => {
    const guard = memoryVisitorMail({ sandbox: true });
    let claims = 0;
    expect(await admitVisitorMail(guard, { to: 'a@example.com', claim: async () => (claims++, 'claimed') })).toEqual({ admitted: false, reason: sandboxReason });
    expect([claims, guard.counts.size]).toEqual([0, 0]);
  });

  it('to a suppressed address: never, whoever sends (staff too), under any of its variants', async () => {
    const guard = memoryVisitorMail();
    guard.suppressions.set(addressKey('pat@gmail.com'), 'complaint');
    expect(await admitVisitorMail(guard, { to: 'P.A.T+spam@googlemail.com', claim: claimed })).toEqual({ admitted: false, reason: suppressedReason('complaint') });
    expect(await admitVisitorMail(guard, { to: 'pat@gmail.com' })).toMatchObject({ admitted: false });
  });

  it('counts each first send against every cap and stops at the first cap reached, naming it', async () => {
    const guard = memoryVisitorMail({ caps: { perHour: 3, perDomainPerHour: 2 } });
    const answers = [];
    for (const to of ['a@one.example', 'b@one.example', 'c@one.example', 'd@two.example', 'e@two.example']) answers.push(await admitVisitorMail(guard, { to, claim: claimed }));
    expect(answers.map((a) => (a.admitted ? 'sent' : a.capped))).toEqual(['sent', 'sent', 'perDomainPerHour', 'sent', 'perHour']);
    expect(answers[2]).toEqual({ admitted: false, capped: 'perDomainPerHour', reason: cappedReason('perDomainPerHour', guard.caps) });
  });

  it('does not count a retry of the same mail (held), nor a staff member’s send (no claim), and answers a refused claim with its reason', async () => {
    const guard = memoryVisitorMail({ caps: { perHour: 1 } });
    expect(await admitVisitorMail(guard, { to: 'a@example.com', claim: claimed })).toEqual({ admitted: true });
    expect(await admitVisitorMail(guard, { to: 'a@example.com', claim: async () => 'held' })).toEqual({ admitted: true });
    expect(await admitVisitorMail(guard, { to: 'b@example.com' })).toEqual({ admitted: true });
    expect(await admitVisitorMail(guard, { to: 'c@example.com', claim: async () => 'refused', refusedReason: 'Already today.' })).toEqual({ admitted: false, reason: 'Already today.' });
    expect(await admitVisitorMail(guard, { to: 'd@example.com', claim: claimed })).toMatchObject({ admitted: false, capped: 'perHour' });
  });

  it('reads the caps from their setting, refusing anything but four whole numbers', () => {
    expect(parseVisitorMailCaps('{"perHour":1,"perDay":2,"perDomainPerHour":3,"perDomainPerDay":4}')).toEqual({ perHour: 1, perDay: 2, perDomainPerHour: 3, perDomainPerDay: 4 });
    expect(() => parseVisitorMailCaps('{"perHour":1,"perDay":2,"perDomainPerHour":3}')).toThrow(/perDomainPerDay/);
    expect(() => parseVisitorMailCaps('{"perHour":1.5,"perDay":2,"perDomainPerHour":3,"perDomainPerDay":4}')).toThrow(/perHour/);
  });
});

describe('SES’s events', () => {
  it('a permanent bounce and a complaint suppress their addresses; a transient bounce and a delivery do not', async () => {
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'gone@example.com' }] } })).toEqual([{ address: 'gone@example.com', reason: 'bounce' }]);
    expect(suppressionsOf({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'angry@example.com' }] } })).toEqual([{ address: 'angry@example.com', reason: 'complaint' }]);
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'full@example.com' }] } })).toEqual([]);
    expect(suppressionsOf({ eventType: 'Delivery' })).toEqual([]);
    const kept: [string, string][] = [];
    await recordMailFeedback({ suppress: async (key, reason) => void kept.push([key, reason]) }, { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'Angry+x@Gmail.com' }] } }, new Date());
    expect(kept).toEqual([[addressKey('angry@gmail.com'), 'complaint']]);
  });
});

describe('a confirmation past a cap, through the delivery engine', () => {
  it('is skipped with its reason and logged as capped; the support mail goes as always', async () => {
    const t = memorySubmissionDeps({ visitorMail: memoryVisitorMail({ caps: { perHour: 1 } }) });
    for (const [i, email] of ['first@example.com', 'second@example.com'].entries()) {
      const message = contactMessageSchema.parse({ name: 'Pat', email, phone: '(555) 987-6543', company: 'Acme', industry: 'retail', teamSize: '51-200', subject: 'A question', message: 'Hello there, a question about agents.', newsletter: false });
      await acceptContactMessage(t.deps, `s${i}`, message);
    }
    expect(t.confirmations.map((m) => m.to)).toEqual([['first@example.com']]);
    expect(t.mails).toHaveLength(2);
    expect(t.store.items.get('s1')?.deliveries.confirmation).toMatchObject({ state: 'skipped', reason: cappedReason('perHour', t.deps.ports.visitorMail.caps) });
    expect(t.store.items.get('s1')?.deliveries.mail).toMatchObject({ state: 'sent' });
    expect(t.logs.filter((l) => l.message === 'visitor mail capped')).toEqual([expect.objectContaining({ level: 'warn', data: expect.objectContaining({ submissionId: 's1', delivery: 'confirmation', cap: 'perHour' }) })]);
  });
});
