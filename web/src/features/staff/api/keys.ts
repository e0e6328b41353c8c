/** The staff console's query keys: one place, so a write can update or drop exactly the reads it changed. */
import type { InboxFilter } from '@shared/contract/schemas/staff-console';

export const staffKeys = {
  all: ['staff'] as const,
  overview: ['staff', 'overview'] as const,
  inbox: (filter: InboxFilter) => ['staff', 'inbox', filter] as const,
  inboxes: ['staff', 'inbox'] as const,
  submission: (id: string) => ['staff', 'submission', id] as const,
  person: (email: string) => ['staff', 'person', email.toLowerCase()] as const,
  calendar: (from: string, to: string) => ['staff', 'bookings', from, to] as const,
  calendars: ['staff', 'bookings'] as const,
  booking: (id: string) => ['staff', 'booking', id] as const,
  bookingSettings: ['staff', 'booking-settings'] as const,
};
