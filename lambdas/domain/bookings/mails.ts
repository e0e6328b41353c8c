/**
 * A booked demo's mails, through the delivery engine (stored, retried, visible in the log, sent once): each change
 * of a booking (booked, moved, cancelled; one SEQUENCE each) is one engine record, kind `demoBooking`, id
 * `booking:<requestId>:<sequence>`, with these deliveries:
 * - `visitor` and `staff`, at once: the invitation (`METHOD:REQUEST`), its update (the same UID, the higher
 *   SEQUENCE) or the cancellation (`METHOD:CANCEL`), as an .ics attachment with the reschedule and cancel links;
 * - for a booked or moved demo, `reminder24h:*` and `reminder1h:*`, held until 24 hours and 1 hour before it (the
 *   engine's due deliveries, picked up by the retry job once due).
 * Whether a mail still goes is decided when it goes, from the booking as it is then: a reminder of a cancelled
 * demo, or of a time the demo has moved away from, is skipped ("not needed", with the reason in the log), and so is
 * an invitation a later change superseded, a reminder whose lead time had passed when the demo was booked, and one
 * that comes too late to remind of anything.
 *
 * The visitor's mails carry none of the visitor's own text (not even the name): a bot that books with a stranger's
 * address makes us send only our words. They pass the guard of every mail to a visitor first (sandbox, addresses SES
 * reported bouncing or complaining, the stage's caps: ../submissions/visitor-mail.ts), as the confirmation does; a
 * mail it stops is skipped with its reason in the log. The staff's carry the lead's name and company.
 */
import { formatRange } from '@shared/contract/bookings';
import { brand } from '@shared/content/brand';
import type { DeliveryPlan, DeliveryPorts, SendResult } from '../submissions/engine';
import type { MailMessage } from '../submissions/ports';
import type { SubmissionRecord } from '../submissions/record';
import { escapeHtml, headerText, renderSupportMail } from '../submissions/support-mail';
import { admitVisitorMail } from '../submissions/visitor-mail';
import { demoTitle, inviteCalendar } from './ical';
import type { BookingLinks } from './links';
import type { BookingMailOrder, BookingMailPorts, BookingRecord } from './ports';

export type { BookingMailPorts };

export const bookingMailId = (requestId: string, sequence: number) => `booking:${requestId}:${sequence}`;

const reminderLeads = { reminder24h: 24, reminder1h: 1 } as const;
type Reminder = keyof typeof reminderLeads;
const audiences = ['visitor', 'staff'] as const;
type Audience = (typeof audiences)[number];

/** The delivery log's label of each target. */
export const bookingTargetLabels: Readonly<Record<string, string>> = {
  visitor: 'Calendar mail to the visitor',
  staff: 'Calendar mail to the support staff',
  'reminder24h:visitor': 'Reminder 24 hours before, to the visitor',
  'reminder24h:staff': 'Reminder 24 hours before, to the support staff',
  'reminder1h:visitor': 'Reminder 1 hour before, to the visitor',
  'reminder1h:staff': 'Reminder 1 hour before, to the support staff',
};

export const skipReasons = {
  erased: 'The booking no longer exists (erased).',
  superseded: 'A later change of the booking superseded this mail.',
  cancelled: 'The demo was cancelled.',
  moved: 'The demo was moved; its new time has reminders of its own.',
  short: (hours: number) => `The demo was booked less than ${hours === 1 ? '1 hour' : `${hours} hours`} ahead.`,
  late: 'Too late: the time to remind of the demo has passed.',
} as const;

const verbs: Readonly<Record<BookingMailOrder['action'], string>> = { booked: 'is booked', moved: 'was moved', cancelled: 'was cancelled' };

function whenLines(order: Pick<BookingMailOrder, 'start' | 'end'>, zone: string, agencyZone: string): string[] {
  const lines = [`${formatRange(order.start, order.end, zone)} (${zone})`];
  if (zone !== agencyZone) lines.push(`That is ${formatRange(order.start, order.end, agencyZone)} in the agency's time zone (${agencyZone}).`);
  return lines;
}

function visitorMail(b: BookingRecord, order: BookingMailOrder, links: BookingLinks, agencyZone: string, reminder?: Reminder): MailMessage {
  const cancelled = order.action === 'cancelled';
  const intro = reminder
    ? `A reminder: your demo with ${brand.name} starts in ${reminderLeads[reminder] === 1 ? '1 hour' : '24 hours'}.`
    : `Your demo with ${brand.name} ${verbs[order.action]}.`;
  const lines = [
    'Hello,',
    '',
    intro,
    ...whenLines(order, b.timeZone, agencyZone),
    '',
    ...(cancelled
      ? ['We hope to see you another time. You can book a new time from the link below.', `Pick your demo time: ${links.url('pick', b.requestId)}`]
      : [
          `Join the video call: ${b.meetingUrl}`,
          ...(reminder ? [] : ['The invitation is attached: open it to add the demo to your calendar.']),
          '',
          `Need another time? Reschedule: ${links.url('pick', b.requestId)}`,
          `Cannot make it? Cancel: ${links.url('cancel', b.requestId)}`,
        ]),
    '',
    `Your reference: ${b.reference}`,
    '',
    brand.name,
    `${brand.email} · ${brand.phone}`,
  ];
  const subject = reminder
    ? `Reminder: your ${brand.name} demo, ${formatRange(order.start, order.end, b.timeZone)}`
    : `Your ${brand.name} demo ${verbs[order.action]}: ${formatRange(order.start, order.end, b.timeZone)}`;
  return { to: [b.email], replyTo: brand.email, subject: headerText(subject), text: lines.join('\n'), html: htmlOf(lines), attachments: [] };
}

/** Plain lines as HTML paragraphs, links made clickable (only our own URLs appear in these mails). */
function htmlOf(lines: readonly string[]): string {
  const body = lines
    .map((line) => (line === '' ? '<br>' : escapeHtml(line).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`)))
    .join('<br>\n');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a"><p>${body}</p></body></html>`;
}

function staffMail(b: BookingRecord, order: BookingMailOrder, to: readonly string[], siteOrigin: string, agencyZone: string, reminder?: Reminder): MailMessage {
  const heading = reminder ? `Demo in ${reminderLeads[reminder] === 1 ? '1 hour' : '24 hours'}` : `Demo ${order.action}`;
  const { text, html } = renderSupportMail({
    heading,
    fields: [
      ['Who', `${b.name} (${b.company})`],
      ['Email', b.email],
      ['When', `${formatRange(order.start, order.end, agencyZone)} (${agencyZone})`],
      ["Visitor's time zone", b.timeZone],
      ['Video call', b.meetingUrl],
      ['Reference', b.reference],
      ['Lead', `${siteOrigin.replace(/\/+$/, '')}/staff/submission?id=${b.requestId}`],
    ],
  });
  return { to, replyTo: b.email, subject: headerText(`${heading}: ${demoTitle(b)}, ${formatRange(order.start, order.end, agencyZone)}`), text, html, attachments: [] };
}

/** Why a mail of `order` is not needed any more, if it is not (see the module comment). */
function skipReason(target: string, order: BookingMailOrder, b: BookingRecord | undefined, now: Date): string | undefined {
  if (!b) return skipReasons.erased;
  const [kind] = target.split(':') as [string];
  if (!(kind in reminderLeads)) return b.sequence > order.sequence && order.action !== 'cancelled' ? skipReasons.superseded : undefined;
  const lead = reminderLeads[kind as Reminder];
  if (b.state === 'cancelled') return skipReasons.cancelled;
  if (b.sequence !== order.sequence) return skipReasons.moved;
  const start = Date.parse(order.start);
  if (Date.parse(order.changedAt) > start - lead * 3_600_000) return skipReasons.short(lead);
  // The 24-hour reminder is late once the 1-hour one is due; the 1-hour one, once the demo has started.
  const lateAt = lead === 24 ? start - 3_600_000 : start;
  return now.getTime() >= lateAt ? skipReasons.late : undefined;
}

async function send(target: string, record: SubmissionRecord<BookingMailOrder>, ports: DeliveryPorts, signal: AbortSignal): Promise<SendResult | void> {
  const order = record.data;
  const bookings = ports.bookings;
  if (!bookings) throw new Error('A booking mail needs the booking ports');
  const b = await bookings.store.get(order.requestId);
  const skipped = skipReason(target, order, b, bookings.clock.now());
  if (skipped || !b) return { skipped: skipped ?? skipReasons.erased };
  const [first, second] = target.split(':') as [string, string | undefined];
  const reminder = second ? (first as Reminder) : undefined;
  const audience = (second ?? first) as Audience;
  if (audience === 'visitor') {
    // Like the confirmation, through the one guard of mail to visitors (sandbox, suppressed addresses, the stage's
    // caps). The mails a change sends at once are counted against the caps, each on its first attempt (a retry was
    // counted before). Not counted: the reminders, at most two for the booking's current time, whose change was
    // counted (a bot cannot add any, and a busy hour at one mail domain must not cost a visitor their reminder);
    // and staff sending a mail again, a person's decision.
    const delivery = record.deliveries[target];
    const counted = !reminder && !delivery?.round;
    const claim = counted ? async () => ((delivery?.attempts ?? 0) > 0 ? ('held' as const) : ('claimed' as const)) : undefined;
    const admission = await admitVisitorMail(ports.visitorMail, { to: b.email, ...(claim ? { claim } : {}) });
    if (!admission.admitted) return { skipped: admission.reason, ...(admission.capped ? { capped: admission.capped } : {}) };
  }
  const agencyZone = await bookings.agencyTimeZone();
  let message: MailMessage;
  if (audience === 'visitor') message = visitorMail(b, order, await bookings.links(), agencyZone, reminder);
  else {
    if (ports.mailTo.length === 0) throw new Error('MAIL_TO names no support recipients');
    message = staffMail(b, order, ports.mailTo, ports.siteOrigin, agencyZone, reminder);
  }
  if (!reminder) {
    const method = order.action === 'cancelled' ? 'CANCEL' : 'REQUEST';
    const ics = inviteCalendar({
      booking: b,
      sequence: order.sequence,
      start: order.start,
      end: order.end,
      method,
      staff: ports.mailTo,
      description: `${brand.name} demo (reference ${b.reference}). Video call: ${b.meetingUrl}`,
      now: bookings.clock.now(),
    });
    message = { ...message, attachments: [{ name: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', type: `text/calendar; method=${method}`, content: new TextEncoder().encode(ics) }] };
  }
  signal.throwIfAborted();
  await ports.mail.send(message, signal);
}

export const demoBookingDelivery: DeliveryPlan<BookingMailOrder> = {
  kind: 'demoBooking',
  targets: audiences,
  due(_createdAt, order) {
    if (order.action === 'cancelled') return {};
    const start = Date.parse(order.start);
    const due: Record<string, Date> = {};
    for (const [reminder, hours] of Object.entries(reminderLeads)) for (const a of audiences) due[`${reminder}:${a}`] = new Date(start - hours * 3_600_000);
    return due;
  },
  send,
  fields: (record) => [
    ['Change', record.data.action],
    ['Demo request', record.data.requestId],
    ['SEQUENCE', String(record.data.sequence)],
    ['Start', record.data.start],
    ['End', record.data.end],
    ['Changed at', record.data.changedAt],
  ],
};
