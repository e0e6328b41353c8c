/**
 * The functions of booking a demo (issue 41): the visitor's booking page, the staff's private calendar feed and the
 * staff console's calendar.
 */
import type { FunctionDef } from './function-def';

export const bookingFunctions = {
  bookings: {
    entry: 'lambdas/handlers/bookings.ts',
    description:
      "The visitor's booking page: free slots of a demo request, booking or moving it (one conditional claim per slot seat), cancelling it; the mails go through the delivery engine.",
    // submissions: reads the demo request, stores the booking's mails (the engine's records) and hands them off.
    tables: {
      submissions: { read: ['GetItem'], write: ['PutItem'] },
      // A seat and the booking: single conditional puts; a seat given back is a conditional update (no delete).
      bookings: { read: ['GetItem'], write: ['PutItem', 'UpdateItem'], indexes: ['calendar'] },
      // The staff overview's demo figures, kept as the booking changes.
      overview: { read: ['GetItem'], write: ['PutItem'] },
    },
    buckets: {},
    sendsMail: false,
    secrets: ['bookingLinks'],
    settings: ['BOOKING_DEFAULTS', 'SUBMISSION_RETENTION_DAYS', 'AGENCY_TIME_ZONE'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  calendarFeed: {
    entry: 'lambdas/handlers/calendar-feed.ts',
    description: "A staff member's private calendar feed (iCalendar), for the secret token they made in the console.",
    // The token's owner (GetItem), then the calendar's bookings.
    tables: { bookings: { read: ['GetItem'], indexes: ['calendar'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: ['SITE_ORIGIN'],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  staffBookings: {
    entry: 'lambdas/handlers/staff-bookings.ts',
    description: "Staff console: the calendar of demos (day, week), a lead's booking with its mails, moving or cancelling it, the availability, the private calendar feed.",
    // submissions: the demo request, the booking's mail records (BatchGetItem, for their log) and new ones (PutItem).
    tables: {
      submissions: { read: ['GetItem', 'BatchGetItem'], write: ['PutItem'] },
      // DeleteItem: a staff member's replaced or revoked calendar feed token.
      bookings: { read: ['GetItem'], write: ['PutItem', 'UpdateItem'], delete: ['DeleteItem'], indexes: ['calendar'] },
      overview: { read: ['GetItem'], write: ['PutItem'] },
    },
    buckets: {},
    sendsMail: false,
    secrets: [],
    // The audit trail names the staff member by e-mail address.
    userPool: 'find',
    settings: ['SITE_ORIGIN', 'BOOKING_DEFAULTS', 'SUBMISSION_RETENTION_DAYS', 'AGENCY_TIME_ZONE'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
} as const satisfies Record<string, FunctionDef>;
