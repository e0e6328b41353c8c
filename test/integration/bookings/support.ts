/** What the booking tests share: demo requests with their booking tokens, the booking API, the invitations' calendars. */
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import type { SlotsAnswer } from '@shared/contract/bookings';
import { fetchPastThrottle, post, testClientAddress } from '../../helpers/local-api';
import { localStack } from '../../helpers/local-stack';
import { listMails, type Mail } from '../../helpers/mailbox';
import { demoRequest } from '../../helpers/records';

export interface Request {
  readonly id: string;
  readonly token: string;
  readonly email: string;
}

/** A stored demo request of a new address (or `email`), and the booking token its answer carries. */
export async function newRequest(email = `booker-${randomUUID().slice(0, 8)}@example.com`): Promise<Request> {
  const id = randomUUID();
  const answer = await post('/api/demo-requests', demoRequest({ email, name: 'Booker', company: 'Bookco', preferredTime: 'afternoon' }), { headers: { 'idempotency-key': id } });
  // 200: a repeat of this stored submission (the helper retried a throttled call that had got through).
  if (![200, 201].includes(answer.status) || (answer.body as { id?: string }).id !== id) throw new Error(`demo request answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const token = (answer.body as { bookingToken?: string }).bookingToken;
  if (!token) throw new Error('the demo request answered no booking token');
  return { id, token, email };
}

export async function slotsOf(request: string, token: string): Promise<{ status: number; body: SlotsAnswer & { message?: string } }> {
  const response = await fetchPastThrottle(`${localStack().apiUrl}/api/bookings/slots?${new URLSearchParams({ request, token })}`, { headers: { 'x-forwarded-for': testClientAddress } });
  return { status: response.status, body: (await response.json()) as SlotsAnswer & { message?: string } };
}

export const book = (r: Pick<Request, 'id' | 'token'>, start: string, timeZone = 'Europe/Berlin') =>
  post('/api/bookings', { request: r.id, token: r.token, start, timeZone }, { retryThrottled: true });

/** The calendar (iCalendar) attached to a mail, parsed with ical.js: its METHOD and its one event. */
export function calendarOf(mail: Mail) {
  const attachment = mail.attachments.find((a) => (a.contentType ?? '').startsWith('text/calendar') || (a.filename ?? '').endsWith('.ics'));
  if (!attachment) throw new Error(`no calendar attached to "${mail.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(attachment.content, 'base64').toString('utf8')));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    attendees: event.attendees.map((a) => String(a.getFirstValue()).replace(/^mailto:/i, '').toLowerCase()),
    organizer: String(event.component.getFirstPropertyValue('organizer')).replace(/^mailto:/i, '').toLowerCase(),
    status: String(event.component.getFirstPropertyValue('status')),
  };
}

/** Mails to `to` whose subject matches, waited for until there are `count` of them. */
export async function mailsTo(to: string, subject: RegExp, count = 1, ms = 10_000): Promise<Mail[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mails = await listMails({ to, subject });
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 200));
  }
}
