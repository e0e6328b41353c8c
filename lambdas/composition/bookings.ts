/**
 * The composition root of booking (lambdas/domain/bookings): the `bookings` table, the demo requests in the
 * submissions table, the delivery engine for the mails (stored, then handed to submissionDelivery), the booking-link
 * key from the stage's secret, the stage's availability defaults; and the ports the delivering functions send a
 * booking's mails with.
 */
import { brand } from '@shared/content/brand';
import { defaultAvailability, type Availability } from '@shared/contract/bookings';
import { availabilitySchema } from '@shared/contract/schemas/bookings';
import type { DemoRequestData } from '@shared/contract/schemas/demo-request';
import { invokeSubmissionDelivery } from '../adapters/lambda-hand-off';
import { cognitoAccounts } from '../adapters/cognito-accounts';
import { bookingCalendar, bookingReader, bookingsTable, calendarFeeds, feedOwners } from '../data/bookings';
import { getSubmission, getSubmissions, submissionIntake } from '../data/submissions';
import { staffName } from '../domain/leads/deps';
import type { FeedDeps, StaffBookingDeps } from '../domain/bookings/staff';
import { systemClock } from '../domain/clock';
import { availabilityOf, type BookingDeps } from '../domain/bookings/book';
import { bookingLinks, type BookingLinks } from '../domain/bookings/links';
import { bookingMailId, demoBookingDelivery, type BookingMailPorts } from '../domain/bookings/mails';
import type { BookingMailer, DemoRequests } from '../domain/bookings/ports';
import type { VisitorDeps } from '../domain/bookings/visitor';
import { acceptSubmission } from '../domain/submissions/engine';
import type { SubmissionRecord } from '../domain/submissions/record';
import { setting } from '../lib/env';
import { secretSetting } from '../lib/secrets';
import { engineLog } from './engine-log';
import { demoFigures } from './overview';

/** The stage's availability (BOOKING_DEFAULTS, JSON), else the built-in one; an invalid value fails loudly. */
export function bookingDefaults(): Availability {
  const raw = setting('BOOKING_DEFAULTS');
  if (!raw) return defaultAvailability;
  const parsed = availabilitySchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`BOOKING_DEFAULTS is not a valid availability: ${parsed.error.message}`);
  return parsed.data;
}

let links: Promise<BookingLinks> | undefined;

/** The visitor's links, with the key read once per container from the stage's secret. */
export function bookingLinksOfStage(): Promise<BookingLinks> {
  links ??= secretSetting('BOOKING_LINK_SECRET').then((key) => bookingLinks(key, setting('SITE_ORIGIN')));
  links.catch(() => {
    links = undefined;
  });
  return links;
}

/** The demo requests, as the booking rules read them. */
export const demoRequests: DemoRequests = {
  async get(id, now) {
    const record = (await getSubmission(id)) as SubmissionRecord<DemoRequestData> | undefined;
    if (!record || record.kind !== 'demoRequest') return undefined;
    if (record.expiresAt !== undefined && record.expiresAt <= Math.floor(now.getTime() / 1000)) return undefined;
    const d = record.data;
    return {
      id: record.id,
      reference: record.reference ?? record.id,
      name: d.name,
      email: d.email,
      company: d.company,
      preferredTime: d.preferredTime,
      ...(record.expiresAt !== undefined ? { expiresAt: record.expiresAt } : {}),
    };
  },
};

function retentionDays(): { retentionDays?: number } {
  const days = Number(setting('SUBMISSION_RETENTION_DAYS'));
  return Number.isFinite(days) && days > 0 ? { retentionDays: days } : {};
}

/** A booking change's mails: one engine record per request and SEQUENCE, stored once, then handed off. */
const bookingMailer: BookingMailer = {
  async order(order) {
    await acceptSubmission(
      { store: submissionIntake, plans: { demoBooking: demoBookingDelivery }, clock: systemClock, log: engineLog, handOff: invokeSubmissionDelivery, ...retentionDays() },
      { id: bookingMailId(order.requestId, order.sequence), kind: 'demoBooking', data: order, files: [] },
    );
  },
};

export function bookingDeps(): BookingDeps {
  return {
    store: bookingsTable,
    requests: demoRequests,
    mailer: bookingMailer,
    clock: systemClock,
    defaults: bookingDefaults(),
    uidDomain: brand.email.slice(brand.email.indexOf('@') + 1),
    demoFigures,
  };
}

export async function visitorDeps(): Promise<VisitorDeps> {
  return { ...bookingDeps(), links: await bookingLinksOfStage() };
}

/** What the delivering functions send a booking's mails (and the confirmation's booking link) with. */
export function bookingMailPorts(): BookingMailPorts {
  return {
    // Read only: these functions never write a booking.
    store: bookingReader,
    links: bookingLinksOfStage,
    clock: systemClock,
    agencyTimeZone: async () => (await availabilityOf({ store: bookingReader, defaults: bookingDefaults() })).timeZone,
  };
}

/** The staff console's calendar: the booking rules plus the feeds, the mails' records and the staff's names. */
export function staffBookingDeps(): StaffBookingDeps {
  return {
    ...bookingDeps(),
    feeds: calendarFeeds,
    mailRecords: (ids) => getSubmissions(ids),
    staffName: (sub) => staffName(cognitoAccounts, sub),
    siteOrigin: setting('SITE_ORIGIN'),
  };
}

/** What the private calendar feed reads. */
export function feedDeps(): FeedDeps {
  return { feeds: feedOwners, store: bookingCalendar, clock: systemClock, siteOrigin: setting('SITE_ORIGIN') };
}
