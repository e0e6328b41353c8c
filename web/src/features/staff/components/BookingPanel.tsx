/**
 * A demo request's booking on its lead page (issue 41): the time (in the staff member's zone and the visitor's),
 * who changed it when, the log of its mails (invitation, update, cancellation, reminders: sent, held until due, or
 * not needed and why), and moving or cancelling it; the visitor is told by mail.
 */
import { useState } from 'react';
import { formatRange, type StaffBookingDetail } from '@shared/contract/bookings';
import { toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useChangeBooking } from '../api/change-booking';
import { useStaffBooking } from '../api/get-booking';
import { deliveryStateLabels, formatTime } from '../utils/format';

const actionLabels = { booked: 'Booked', moved: 'Moved', cancelled: 'Cancelled' } as const;

function Messages({ detail }: { detail: StaffBookingDetail }) {
  if (detail.messages.length === 0) return null;
  return (
    <table className="staff-table">
      <caption>Mails of this booking</caption>
      <thead>
        <tr>
          <th scope="col">Mail</th>
          <th scope="col">State</th>
          <th scope="col">Due or sent</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {detail.messages.map((m) => (
          <tr key={`${m.id}-${m.target}`}>
            <th scope="row">{m.label}</th>
            <td>{deliveryStateLabels[m.state]}</td>
            <td>{formatTime(m.sentAt ?? m.dueAt)}</td>
            <td>{m.reason ?? m.lastError ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BookingPanel({ id }: { id: string }) {
  const query = useStaffBooking(id);
  const change = useChangeBooking();
  const [target, setTarget] = useState('');
  if (query.isPending) return <output>Loading the booking...</output>;
  if (query.isError) return <p>{toastMessage(query.error, 'The booking could not be loaded.')}</p>;
  const { booking, slots } = query.data;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const run = (input: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(input, {
      onSuccess: () => {
        setTarget('');
        toast({ title: done });
      },
      onError: (e) => toast({ title: toastMessage(e, 'The booking could not be changed.'), variant: 'destructive' }),
    });
  const booked = booking?.state === 'booked';
  return (
    <section className="staff-section" aria-labelledby="booking-title">
      <h2 id="booking-title">Demo booking</h2>
      {booking ? (
        <>
          <p>
            <strong>{booking.state === 'booked' ? 'Booked' : 'Cancelled'}</strong>: {formatRange(booking.start, booking.end, zone)} ({zone}); the visitor sees{' '}
            {formatRange(booking.start, booking.end, booking.timeZone)} ({booking.timeZone}). Calendar UID {booking.uid}, SEQUENCE {booking.sequence}.
          </p>
          <ol className="staff-history" aria-label="Booking history">
            {booking.history.map((h) => (
              <li key={`${h.at}-${h.action}`}>
                {actionLabels[h.action]} {h.start ? formatTime(h.start) : ''} by {h.by}, <time dateTime={h.at}>{formatTime(h.at)}</time>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p>No demo booked yet. The visitor books from the link in their confirmation mail.</p>
      )}
      <Messages detail={query.data} />
      <div className="staff-booking-actions">
        <label>
          {booked ? 'Move the demo to' : 'Book the demo at'}
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Choose a free time</option>
            {slots.map((s) => (
              <option key={s.start} value={s.start}>
                {formatRange(s.start, s.end, zone)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-primary" disabled={!target || change.isPending} onClick={() => run({ id, action: 'move', start: target }, booked ? 'The demo was moved; the visitor gets the update.' : 'The demo is booked.')}>
          {booked ? 'Move the demo' : 'Book the demo'}
        </button>
        {booked ? (
          <button type="button" className="button button-secondary" disabled={change.isPending} onClick={() => run({ id, action: 'cancel' }, 'The demo was cancelled; the visitor gets the cancellation.')}>
            Cancel the demo
          </button>
        ) : null}
      </div>
    </section>
  );
}
