/**
 * The 24-hour watch on a controlled clock, against the table's own conditional writes (the local DynamoDB
 * stand-in): a lead nobody answered gets one reminder 20 hours after it arrived and one overdue notice at 24 hours,
 * each exactly once however many retry runs overlap and when a first attempt fails; an answered or spam lead gets
 * none, and its delivery log says why. While the reminders wait, the lead's delivery state is not "pending".
 */
import { describe, expect, it } from 'vitest';
import { deliveryStore, dueSubmissions, leadRecords as leadsTable, submissionIntake } from '../../../../../lambdas/data/submissions';
import { deliverHandedOff, type SubmissionDeps } from '../../../../../lambdas/domain/submissions/engine';
import { retryDueDeliveries } from '../../../../../lambdas/domain/submissions/retry-job';
import { acceptContactMessage } from '../../../../../lambdas/domain/submissions/kinds/contact-message';
import { answeredReason, consoleLink, spamReason } from '../../../../../lambdas/domain/submissions/answer-watch';
import type { MailMessage } from '../../../../../lambdas/domain/submissions/ports';
import { withMemoryDynamo } from '../../../../helpers/memory-dynamodb';
import { memorySubmissionDeps } from '../../../../helpers/memory-submission-store';

withMemoryDynamo();

/** The table as the engine's functions use it, all parts together. */
const submissionsTable = { ...submissionIntake, ...deliveryStore, ...dueSubmissions };

const HOUR = 3600;
let counter = 0;
/**
 * One clock for every lead of the file: the retry job takes whatever is due in the table, so a lead of an earlier
 * test is still delivered (by that run's ports) and must not be due in a past that a later test's clock makes up.
 */
let now = new Date('2026-11-22T10:00:00.000Z');
const advance = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
/** Every reminder sent, with the lead it names. */
const sentReminders: MailMessage[] = [];

/** A contact message accepted and first delivered (support mail, confirmation) at the clock's time, on the table. */
async function watchedLead(opts: { mailFails?: () => boolean } = {}) {
  const memory = memorySubmissionDeps({ handOff: 'recorded' });
  const deps: SubmissionDeps = {
    ...memory.deps,
    clock: { now: () => now },
    store: submissionsTable,
    ports: {
      ...memory.deps.ports,
      mail: {
        async send(message, signal) {
          if (!/^(Reminder|Overdue):/.test(message.subject)) return memory.deps.ports.mail.send(message, signal);
          if (opts.mailFails?.()) throw new Error('SES is unreachable');
          sentReminders.push(message);
        },
      },
    },
  };
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  await acceptContactMessage(deps, id, {
    name: 'Ada Lovelace',
    email: `ada${counter}@example.com`,
    phone: '(555) 987-6543',
    company: 'Initech',
    industry: 'retail',
    teamSize: '51-200',
    subject: 'Pricing question',
    message: 'How much would a support agent cost?',
    newsletter: false,
  } as never);
  await deliverHandedOff(deps, memory.handedOff[0]!);
  /** Retry runs of the scheduled job, `n` at once. */
  const runs = (n: number) => Promise.all(Array.from({ length: n }, () => retryDueDeliveries(deps)));
  const stored = async () => (await submissionsTable.get(id))!;
  const received = (await stored()).createdAt;
  /** Moves the clock to `hours` after the lead arrived. */
  const at = (hours: number) => advance((Date.parse(received) + hours * HOUR * 1000 - now.getTime()) / 1000);
  return {
    id,
    deps,
    runs,
    stored,
    at,
    get reminders() {
      return sentReminders.filter((m) => m.text.includes(id));
    },
  };
}

const subjects = (mails: readonly MailMessage[]) => mails.map((m) => m.subject.split(':')[0]);

const plusHours = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR * 1000).toISOString();

describe('the 24-hour watch', () => {
  it('reminds once at 20 hours and once, overdue, at 24 hours, however many retry runs overlap', async () => {
    const lead = await watchedLead();
    const fresh = await lead.stored();
    const due = plusHours(fresh.createdAt, 20);
    expect(fresh.deliveryState).toBe('sent');
    expect(fresh.deliveries['reminder:20h']).toMatchObject({ state: 'pending', attempts: 0, dueAt: due });
    expect(fresh.retryAt).toBe(due);

    lead.at(20 - 1 / 60);
    await lead.runs(3);
    expect(lead.reminders).toEqual([]);

    lead.at(20);
    await lead.runs(4);
    await lead.runs(2);
    expect(subjects(lead.reminders)).toEqual(['Reminder']);
    const reminder = lead.reminders[0]!;
    expect(reminder.to).toEqual(['sales@cadence-ai.example', 'support@cadence-ai.example']);
    expect(reminder.subject).toBe(`Reminder: contact message ${fresh.reference} is unanswered after 20 hours`);
    expect(reminder.text).toContain(consoleLink('http://localhost:3000', lead.id));
    expect(reminder.text).toContain(`http://localhost:3000/staff/submission?id=${lead.id}`);

    lead.at(24 - 1 / 3600);
    await lead.runs(3);
    expect(subjects(lead.reminders)).toEqual(['Reminder']);
    lead.at(24);
    await lead.runs(4);
    lead.at(25);
    await lead.runs(2);
    expect(subjects(lead.reminders)).toEqual(['Reminder', 'Overdue']);
    expect(lead.reminders[1]!.subject).toBe(`Overdue: contact message ${fresh.reference} has had no answer for 24 hours`);

    const after = await lead.stored();
    expect(after.deliveries['reminder:20h']).toMatchObject({ state: 'sent', attempts: 1, sentAt: due });
    expect(after.deliveries['reminder:24h']).toMatchObject({ state: 'sent', attempts: 1, sentAt: plusHours(fresh.createdAt, 24) });
    expect(after.retryQueue).toBeUndefined();
  });

  it('a reminder whose first attempt fails is retried and still sent once', async () => {
    let failures = 1;
    const lead = await watchedLead({ mailFails: () => failures-- > 0 });
    lead.at(20);
    await lead.runs(3);
    expect(lead.reminders).toEqual([]);
    expect((await lead.stored()).deliveries['reminder:20h']).toMatchObject({ state: 'pending', attempts: 1, lastError: 'SES is unreachable' });
    lead.at(20 + 1 / 60);
    await lead.runs(3);
    lead.at(20.5);
    await lead.runs(3);
    expect(subjects(lead.reminders)).toEqual(['Reminder']);
    expect((await lead.stored()).deliveries['reminder:20h']).toMatchObject({ state: 'sent', attempts: 2 });
    lead.at(25);
    await lead.runs(2);
  });

  it('sends nothing for a lead answered in time, by status or by a recorded reply, and says why', async () => {
    const byStatus = await watchedLead();
    const byReply = await watchedLead();
    const at = now.toISOString();
    await leadsTable.setStatus(byStatus.id, 'answered', 'contactMessage#answered', { at, by: 'sam@cadence-ai.example', action: 'status', from: 'new', to: 'answered' });
    await leadsTable.appendHistory(byReply.id, { at, by: 'sam@cadence-ai.example', action: 'reply' });
    byStatus.at(20);
    await byStatus.runs(2);
    byStatus.at(25);
    await byStatus.runs(2);
    for (const lead of [byStatus, byReply]) {
      expect(lead.reminders).toEqual([]);
      const after = await lead.stored();
      for (const target of ['reminder:20h', 'reminder:24h']) {
        expect(after.deliveries[target], target).toMatchObject({ state: 'skipped', reason: answeredReason });
      }
      expect(after.deliveryState).toBe('sent');
    }
  });

  it('a lead answered between the reminder and 24 hours gets the reminder only; a spam lead gets none', async () => {
    const late = await watchedLead();
    const spam = await watchedLead();
    await leadsTable.setStatus(spam.id, 'spam', 'contactMessage#spam', { at: now.toISOString(), by: 'sam@cadence-ai.example', action: 'status', from: 'new', to: 'spam' });
    late.at(20);
    await late.runs(2);
    await leadsTable.setStatus(late.id, 'closed', 'contactMessage#closed', { at: now.toISOString(), by: 'sam@cadence-ai.example', action: 'status', from: 'new', to: 'closed' });
    late.at(25);
    await late.runs(2);
    expect(subjects(late.reminders)).toEqual(['Reminder']);
    expect((await late.stored()).deliveries['reminder:24h']).toMatchObject({ state: 'skipped', reason: answeredReason });
    expect(spam.reminders).toEqual([]);
    for (const target of ['reminder:20h', 'reminder:24h']) {
      expect((await spam.stored()).deliveries[target], target).toMatchObject({ state: 'skipped', reason: spamReason });
    }
  });
});
