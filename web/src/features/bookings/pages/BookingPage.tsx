/**
 * /book?request=...&token=...: the visitor picks their demo's time (issue 41), from the link in their confirmation
 * mail or the site's offer right after the demo dialog closed. Slots are shown in the visitor's own time zone
 * (detected, changeable), the ones inside their preferred time of day first; choosing again moves the demo. A radio
 * group per part of the list and one button: usable by keyboard and screen reader, and at 360 px.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatRange, type BookingView, type Slot } from '@shared/contract/bookings';
import { preferredTimes } from '@shared/contract/forms';
import { toastMessage } from '../../../lib/api';
import { useBookDemo } from '../api/book-demo';
import { useBookingSlots } from '../api/get-booking-slots';
import type { BookingLink } from '../api/keys';
import { dayOf, detectedTimeZone, timeOf, timeZoneChoices } from '../components/time-zones';
import '../bookings.css';

function SlotGroup({ legend, slots, zone, chosen, onChoose }: { legend: string; slots: readonly Slot[]; zone: string; chosen: string; onChoose: (s: string) => void }) {
  if (slots.length === 0) return null;
  const days = new Map<string, Slot[]>();
  for (const s of slots) days.set(dayOf(s.start, zone), [...(days.get(dayOf(s.start, zone)) ?? []), s]);
  return (
    <fieldset className="booking-slots">
      <legend>{legend}</legend>
      {[...days.entries()].map(([day, list]) => (
        <fieldset key={day} className="booking-day">
          <legend className="booking-day-name">{day}</legend>
          <div className="booking-day-times">
            {list.map((s) => (
              <label key={s.start} className="booking-slot">
                <input type="radio" name="slot" value={s.start} checked={chosen === s.start} onChange={() => onChoose(s.start)} />
                <span>
                  <span className="visually-hidden">{day}, </span>
                  {timeOf(s.start, zone)} – {timeOf(s.end, zone)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}

function Booked({ booking, zone }: { booking: BookingView; zone: string }) {
  if (booking.state === 'cancelled') return <p>Your demo was cancelled. You can book a new time below.</p>;
  return (
    <p>
      Your demo is booked for <strong>{formatRange(booking.start, booking.end, zone)}</strong> ({zone}). Join the video call at{' '}
      <a href={booking.meetingUrl}>{booking.meetingUrl}</a>. Choose another time below to move it.
    </p>
  );
}

export function BookingPage() {
  const [params] = useSearchParams();
  const link: BookingLink = { request: params.get('request') ?? '', token: params.get('token') ?? '' };
  const slots = useBookingSlots(link);
  const book = useBookDemo(link);
  const answer = slots.data;
  // The zone the visitor chose, else the one their booking was made in, else the browser's.
  const [chosenZone, setZone] = useState<string | undefined>();
  const zone = chosenZone ?? (answer?.booking?.state === 'booked' ? answer.booking.timeZone : detectedTimeZone());
  const [chosen, setChosen] = useState('');
  const [notice, setNotice] = useState<{ kind: 'done' | 'refused'; text: string } | undefined>();
  const noticeRef = useRef<HTMLElement>(null);

  useEffect(() => noticeRef.current?.focus(), [notice]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || book.isPending) return;
    book.mutate(
      { start: chosen, timeZone: zone },
      {
        onSuccess: (booking) => {
          setNotice({ kind: 'done', text: `Your demo is booked for ${formatRange(booking.start, booking.end, zone)} (${zone}). We sent the invitation to your e-mail.` });
          setChosen('');
        },
        onError: (e) => setNotice({ kind: 'refused', text: toastMessage(e, 'The time could not be booked. Please try again.') }),
      },
    );
  }

  if (slots.isError) {
    return (
      <main id="main" className="container page booking-page">
        <h1>Pick your demo time</h1>
        <p role="alert">{toastMessage(slots.error, 'The times could not be loaded. Please try again.')}</p>
      </main>
    );
  }
  if (!answer) {
    return (
      <main id="main" className="container page booking-page">
        <h1>Pick your demo time</h1>
        <output>Loading...</output>
      </main>
    );
  }
  const preferred = answer.slots.filter((s) => s.preferred);
  const others = answer.slots.filter((s) => !s.preferred);
  const moving = answer.booking?.state === 'booked';
  return (
    <main id="main" className="container page booking-page">
      <h1>Pick your demo time</h1>
      <p>
        A {answer.demoMinutes}-minute video call about your demo request {answer.reference}.
      </p>
      {answer.booking ? <Booked booking={answer.booking} zone={zone} /> : null}
      {notice ? (
        notice.kind === 'done' ? (
          <output ref={noticeRef as React.Ref<HTMLOutputElement>} tabIndex={-1} className="booking-notice">
            {notice.text}
          </output>
        ) : (
          <p ref={noticeRef as React.Ref<HTMLParagraphElement>} tabIndex={-1} role="alert" className="booking-notice">
            {notice.text}
          </p>
        )
      ) : null}
      <form className="booking-form" onSubmit={(e) => void submit(e)}>
        <label className="booking-zone">
          Your time zone
          <select value={zone} onChange={(e) => setZone(e.target.value)}>
            {timeZoneChoices(zone).map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        {answer.slots.length === 0 ? <p>No times are free at the moment. Please write to us and we will find one.</p> : null}
        <SlotGroup legend={`Within your preferred time: ${preferredTimes.find((p) => p.value === answer.preferredTime)?.label ?? answer.preferredTime}`} slots={preferred} zone={zone} chosen={chosen} onChoose={setChosen} />
        <SlotGroup legend={preferred.length > 0 ? 'Other times' : 'Free times'} slots={others} zone={zone} chosen={chosen} onChoose={setChosen} />
        <div className="booking-actions">
          <button type="submit" className="button button-primary" disabled={!chosen || book.isPending}>
            {book.isPending ? 'Booking...' : moving ? 'Move my demo to this time' : 'Book this time'}
          </button>
        </div>
      </form>
    </main>
  );
}
