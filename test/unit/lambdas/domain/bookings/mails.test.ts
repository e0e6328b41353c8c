/**
 * A booked demo's mails to the visitor (lambdas/domain/bookings/mails.ts) pass the one guard of mail to visitors
 * (lambdas/domain/submissions/visitor-mail.ts), as the confirmation does: nothing from a sandboxed stage or to an
 * address SES reported, and within the stage's caps, a retry counted once; the staff's mails are not visitor mail.
 */
import { describe, expect, it } from 'vitest';
import { bookingLinks } from '../../../../../lambdas/domain/bookings/links';
import { demoBookingDelivery } from '../../../../../lambdas/domain/bookings/mails';
import type { BookingMailOrder, BookingRecord } from '../../../../../lambdas/domain/bookings/ports';
import type { DeliveryPorts, SendResult } from '../../../../../lambdas/domain/submissions/engine';
import type { MailMessage } from '../../../../../lambdas/domain/submissions/ports';
import type { Delivery, SubmissionRecord } from '../../../../../lambdas/domain/submissions/record';
import { addressKey, cappedReason, sandboxReason, suppressedReason } from '../../../../../lambdas/domain/submissions/visitor-mail';
import { memoryVisitorMail } from '../../../../helpers/memory-submission-store';

const now = new Date('2026-11-22T10:00:00.000Z');
const order: BookingMailOrder = { requestId: 'r1', sequence: 0, action: 'booked', start: '2026-11-25T15:00:00.000Z', end: '2026-11-25T15:45:00.000Z', changedAt: now.toISOString() };
const booking: BookingRecord = {
  requestId: 'r1',
  state: 'booked',
  start: order.start,
  end: order.end,
  seats: [],
  emailSeat: 'email#x#1',
  sequence: 0,
  uid: 'demo-r1@cadence-ai.example',
  reference: '261122-ABCDEF',
  name: 'Pat',
  email: 'Pat+demo@Example.com',
  company: 'Co',
  timeZone: 'Europe/Berlin',
  meetingUrl: 'https://meet.example/demo',
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  history: [],
  version: 1,
  expiresAt: 0,
};

function setup(guard = memoryVisitorMail({ now: () => now })) {
  const sent: MailMessage[] = [];
  const ports = {
    mail: { send: async (m: MailMessage) => void sent.push(m) },
    mailTo: ['sales@cadence-ai.example', 'support@cadence-ai.example'],
    siteOrigin: 'http://localhost:3000',
    visitorMail: guard,
    bookings: {
      store: { get: async () => booking },
      links: async () => bookingLinks('key', 'http://localhost:3000'),
      clock: { now: () => now },
      agencyTimeZone: async () => 'America/New_York',
    },
  } as unknown as DeliveryPorts;
  const send = (target: string, delivery: Partial<Delivery> = {}): Promise<SendResult | void> => {
    const record = {
      id: 'booking:r1:0',
      kind: 'demoBooking',
      createdAt: now.toISOString(),
      data: order,
      files: [],
      version: 1,
      deliveries: { [target]: { state: 'pending', attempts: 0, ...delivery } },
    } as SubmissionRecord<BookingMailOrder>;
    return demoBookingDelivery.send(target, record, ports, new AbortController().signal);
  };
  return { sent, send, guard };
}

describe("a booked demo's mails to the visitor pass the guard of visitor mail", () => {
  it('go, counted against the caps once: a retry of the same mail is not counted again', async () => {
    const { sent, send, guard } = setup();
    expect(await send('visitor')).toBeUndefined();
    expect(await send('visitor', { attempts: 1 })).toBeUndefined();
    expect(sent.map((m) => m.to)).toEqual([[booking.email], [booking.email]]);
    expect(Math.max(...guard.counts.values())).toBe(1);
  });

  it('are skipped with the reason from a sandboxed stage, to an address SES reported, and past a cap (the engine logs the cap)', async () => {
    const sandboxed = setup(memoryVisitorMail({ sandbox: true, now: () => now }));
    expect(await sandboxed.send('visitor')).toEqual({ skipped: sandboxReason });

    const reported = setup();
    // Reported under another spelling of the same mailbox.
    reported.guard.suppressions.set(addressKey('pat@example.com'), 'complaint');
    expect(await reported.send('reminder24h:visitor')).toEqual({ skipped: suppressedReason('complaint') });

    const capped = setup(memoryVisitorMail({ caps: { perDomainPerHour: 1 }, now: () => now }));
    await capped.send('visitor');
    expect(await capped.send('visitor')).toEqual({ skipped: cappedReason('perDomainPerHour', capped.guard.caps), capped: 'perDomainPerHour' });
    for (const s of [sandboxed, reported, capped]) expect(s.sent.filter((m) => m.to.includes(booking.email)).length).toBeLessThanOrEqual(1);
    expect(sandboxed.sent).toEqual([]);
    expect(reported.sent).toEqual([]);
  });

  it("leave the staff's mails alone, and count neither the reminders nor a mail staff send again", async () => {
    const { sent, send, guard } = setup(memoryVisitorMail({ caps: { perHour: 0 }, now: () => now }));
    expect(await send('staff')).toBeUndefined();
    expect(await send('reminder24h:visitor')).toBeUndefined();
    expect(await send('visitor', { round: 1, attempts: 1 })).toBeUndefined();
    expect(sent).toHaveLength(3);
    expect([...guard.counts.values()].every((n) => n === 0)).toBe(true);
  });
});
