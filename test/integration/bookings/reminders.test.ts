/**
 * A booked demo's reminders, 24 hours and 1 hour before, on a controlled clock: each goes to the visitor and to the
 * support staff exactly once (under repeated and concurrent runs of the retry job), through the delivery engine
 * (stored, in the log); none after a cancel, none for the old time after a move.
 *
 * The booking handler and the retry job run in this process with Date moved ahead; the invitations' first attempt
 * runs in the stack's delivery function (real time), where the reminders are not due yet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/contract/api';
import { formatRange } from '@shared/contract/bookings';
import { handler as bookings } from '../../../lambdas/handlers/bookings';
import { handler as deliveryRetry } from '../../../lambdas/handlers/delivery-retry';
import { bookingMailId, skipReasons } from '../../../lambdas/domain/bookings/mails';
import { call, lambdaContext } from '../../helpers/http-event';
import { storedSubmission } from '../../helpers/submissions';
import { supportRecipients } from '../lead-capture/support';
import { mailsTo, newRequest, slotsOf, type Request } from './support';

afterEach(() => vi.useRealTimers());

const HOUR = 3_600_000;

/** Runs the retry job as the schedule would at `at`: twice at once (two runs racing), then once more. */
async function retryAt(at: number): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  await Promise.all([deliveryRetry({}, lambdaContext), deliveryRetry({}, lambdaContext)]);
  await deliveryRetry({}, lambdaContext);
  vi.useRealTimers();
}

/** Books (or moves) the demo to a slot at least two days ahead; `sequence`: the change this is (0 first, 1 a move). */
async function bookFar(r: Request, skip = 0, sequence = 0): Promise<{ start: string; end: string }> {
  // Far enough ahead that both reminders still lie in the future.
  const slot = (await slotsOf(r.id, r.token)).body.slots.filter((s) => Date.parse(s.start) - Date.now() > 48 * HOUR).at(-1 - skip)!;
  const answer = await call(bookings, routes.bookDemo, { request: r.id, token: r.token, start: slot.start, timeZone: 'Asia/Kolkata' });
  expect(answer.status).toBe(200);
  // The stack's delivery function sends the calendar mails now, in real time; the clock moves only after it is done.
  await expect.poll(async () => (await deliveriesOf(bookingMailId(r.id, sequence))).visitor?.state, { timeout: 10_000 }).toBe('sent');
  return slot;
}

const deliveriesOf = async (id: string) => ((await storedSubmission(id)) as { deliveries: Record<string, { state: string; attempts: number; reason?: string; dueAt?: string }> }).deliveries;

describe('the reminders of a booked demo', () => {
  it('go 24 hours and 1 hour before, each to the visitor and the staff exactly once', async () => {
    const r = await newRequest();
    const slot = await bookFar(r);
    const start = Date.parse(slot.start);
    const id = bookingMailId(r.id, 0);
    // Held until due, visible in the log with their due times.
    const held = await deliveriesOf(id);
    expect(held['reminder24h:visitor']).toMatchObject({ state: 'pending', attempts: 0, dueAt: new Date(start - 24 * HOUR).toISOString() });
    expect(held['reminder1h:staff']).toMatchObject({ state: 'pending', attempts: 0, dueAt: new Date(start - HOUR).toISOString() });

    // Not before their time.
    await retryAt(start - 24 * HOUR - 60_000);
    expect(await mailsTo(r.email, /Reminder/, 1, 300)).toHaveLength(0);

    await retryAt(start - 24 * HOUR + 30_000);
    await retryAt(start - 24 * HOUR + 90_000);
    expect(await mailsTo(r.email, /Reminder/, 2, 1000)).toHaveLength(1);
    const staffReminders = () => mailsTo(supportRecipients[0]!, /^Demo in (24 hours|1 hour)/, 99, 300);
    const staffFor = async () => (await staffReminders()).filter((m) => (m.body.text ?? '').includes(r.id));
    expect(await staffFor()).toHaveLength(1);
    expect((await deliveriesOf(id))['reminder24h:visitor']).toMatchObject({ state: 'sent', attempts: 1 });

    await retryAt(start - HOUR + 30_000);
    await retryAt(start - 30_000);
    const visitor = await mailsTo(r.email, /Reminder/, 3, 1000);
    expect(visitor).toHaveLength(2);
    expect(visitor[1]!.body.text).toContain('starts in 1 hour');
    expect(await staffFor()).toHaveLength(2);
    expect(await deliveriesOf(id)).toMatchObject({
      'reminder24h:visitor': { state: 'sent', attempts: 1 },
      'reminder24h:staff': { state: 'sent', attempts: 1 },
      'reminder1h:visitor': { state: 'sent', attempts: 1 },
      'reminder1h:staff': { state: 'sent', attempts: 1 },
    });
  });

  it('are never sent after a cancel', async () => {
    const r = await newRequest();
    const slot = await bookFar(r, 1);
    const start = Date.parse(slot.start);
    const cancelToken = (await mailsTo(r.email, /demo is booked/))[0]!.body.text!.match(/\/book\/cancel\?request=[0-9a-f-]+&token=([A-Za-z0-9_-]{43})/)![1]!;
    expect((await call(bookings, routes.cancelDemo, { request: r.id, token: cancelToken })).status).toBe(200);

    await retryAt(start - 24 * HOUR + 30_000);
    await retryAt(start - HOUR + 30_000);
    expect(await mailsTo(r.email, /Reminder/, 1, 500)).toHaveLength(0);
    expect(await deliveriesOf(bookingMailId(r.id, 0))).toMatchObject({
      'reminder24h:visitor': { state: 'skipped', reason: skipReasons.cancelled },
      'reminder1h:staff': { state: 'skipped', reason: skipReasons.cancelled },
    });
  });

  it('after a move, go for the new time only', async () => {
    const r = await newRequest();
    const old = await bookFar(r, 2);
    const next = await bookFar(r, 3, 1);
    expect(next.start).not.toBe(old.start);
    // Each time's 24-hour reminder falls due, in their order.
    for (const at of [Date.parse(old.start), Date.parse(next.start)].sort((a, b) => a - b)) await retryAt(at - 24 * HOUR + 30_000);
    expect(await deliveriesOf(bookingMailId(r.id, 0))).toMatchObject({ 'reminder24h:visitor': { state: 'skipped', reason: skipReasons.moved } });
    expect(await deliveriesOf(bookingMailId(r.id, 1))).toMatchObject({ 'reminder24h:visitor': { state: 'sent', attempts: 1 } });
    const reminders = await mailsTo(r.email, /Reminder/, 2, 1000);
    // None for the old time; the new time's 24-hour one once (its 1-hour one falls due too when the old time is
    // less than a day after the new one).
    const about = (time: { start: string; end: string }) => reminders.filter((m) => (m.body.text ?? '').includes(formatRange(time.start, time.end, 'Asia/Kolkata')));
    expect(about(old)).toEqual([]);
    expect(about(next).filter((m) => (m.body.text ?? '').includes('starts in 24 hours'))).toHaveLength(1);
  });
});
