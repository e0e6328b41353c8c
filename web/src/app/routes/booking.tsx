/**
 * The visitor's booking pages (issue 41), /book and /book/cancel, with the query client their calls go through.
 * One lazy module, loaded only from a booking link: the marketing pages never load it.
 */
import { BookingPage } from '../../features/bookings/pages/BookingPage';
import { CancelPage } from '../../features/bookings/pages/CancelPage';
import { QueryProvider } from '../QueryProvider';

export function BookingRoute() {
  return (
    <QueryProvider>
      <BookingPage />
    </QueryProvider>
  );
}

export function CancelBookingRoute() {
  return (
    <QueryProvider>
      <CancelPage />
    </QueryProvider>
  );
}
