/**
 * /staff/calendar (issue 41): the upcoming demos in a day or a week view (times in the staff member's own zone),
 * each linking to its lead; the availability visitors book from; and the staff member's private calendar feed.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatRange, weekdayLabels, weekdays, type Availability, type HoursWindow } from '@shared/contract/bookings';
import { toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useBookingSettings } from '../api/get-booking-settings';
import { useStaffCalendar } from '../api/list-bookings';
import { useManageCalendarFeed } from '../api/manage-calendar-feed';
import { useUpdateBookingSettings } from '../api/update-booking-settings';
import { StaffNav } from '../components/StaffNav';
import '../staff.css';

const DAY = 86_400_000;

function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

function Agenda({ view, anchor }: { view: 'day' | 'week'; anchor: Date }) {
  const from = view === 'day' ? startOfDay(anchor) : startOfDay(new Date(anchor.getTime() - ((anchor.getDay() + 6) % 7) * DAY));
  const to = new Date(from.getTime() + (view === 'day' ? 1 : 7) * DAY);
  const query = useStaffCalendar(from.toISOString(), to.toISOString());
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const title = view === 'day' ? from.toLocaleDateString('en-US', { dateStyle: 'full' }) : `Week of ${from.toLocaleDateString('en-US', { dateStyle: 'long' })}`;
  return (
    <section className="staff-section" aria-labelledby="agenda-title">
      <h2 id="agenda-title">{title}</h2>
      {query.isPending ? <output>Loading...</output> : null}
      {query.isError ? <p>{toastMessage(query.error, 'The calendar could not be loaded.')}</p> : null}
      {query.data && query.data.bookings.length === 0 ? <p>No demos in this {view}.</p> : null}
      {query.data && query.data.bookings.length > 0 ? (
        <table className="staff-table">
          <caption className="visually-hidden">Demos, times in {zone}</caption>
          <thead>
            <tr>
              <th scope="col">When ({zone})</th>
              <th scope="col">Who</th>
              <th scope="col">State</th>
              <th scope="col">Lead</th>
            </tr>
          </thead>
          <tbody>
            {query.data.bookings.map((b) => (
              <tr key={b.requestId}>
                <th scope="row">{formatRange(b.start, b.end, zone)}</th>
                <td>
                  {b.name} ({b.company}), {b.email}
                </td>
                <td>{b.state === 'booked' ? 'Booked' : 'Cancelled'}</td>
                <td>
                  <Link to={`/staff/submission?id=${b.requestId}`}>{b.reference}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

const windowsText = (ws: readonly HoursWindow[]) => ws.map((w) => `${w.from}-${w.to}`).join(', ');
const parseWindows = (text: string): HoursWindow[] =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [from = '', to = ''] = p.split('-').map((x) => x.trim());
      return { from, to };
    });

function AvailabilityForm({ availability }: { availability: Availability }) {
  const save = useUpdateBookingSettings();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const num = (name: string) => Number(f.get(name));
    const next: Availability = {
      timeZone: String(f.get('timeZone')).trim(),
      weeklyHours: Object.fromEntries(weekdays.map((d) => [d, parseWindows(String(f.get(`hours-${d}`)))])) as unknown as Availability['weeklyHours'],
      demoMinutes: num('demoMinutes'),
      bufferMinutes: num('bufferMinutes'),
      minimumNoticeHours: num('minimumNoticeHours'),
      horizonDays: num('horizonDays'),
      concurrentDemos: num('concurrentDemos'),
      bookingsPerEmail: num('bookingsPerEmail'),
      meetingUrl: String(f.get('meetingUrl')).trim(),
      closedDates: String(f.get('closedDates')).split(',').map((d) => d.trim()).filter(Boolean),
    };
    save.mutate(next, {
      onSuccess: () => toast({ title: 'Availability saved.' }),
      onError: (e) => toast({ title: toastMessage(e, 'The availability could not be saved.'), variant: 'destructive' }),
    });
  }
  const n = (name: keyof Availability, label: string, step = 1) => (
    <label>
      {label}
      <input name={name} type="number" inputMode="numeric" step={step} defaultValue={String(availability[name])} required />
    </label>
  );
  return (
    <form className="staff-form staff-availability" onSubmit={submit} aria-label="Availability">
      <label>
        Time zone of the hours
        <input name="timeZone" defaultValue={availability.timeZone} required />
      </label>
      {weekdays.map((d) => (
        <label key={d}>
          {weekdayLabels[d]} (HH:MM-HH:MM, comma-separated; empty: closed)
          <input name={`hours-${d}`} defaultValue={windowsText(availability.weeklyHours[d])} />
        </label>
      ))}
      {/* In steps of 5 minutes, the cells a booking claims its time in (the availability's schema). */}
      {n('demoMinutes', 'Demo length (minutes)', 5)}
      {n('bufferMinutes', 'Buffer after each demo (minutes)', 5)}
      {n('minimumNoticeHours', 'Minimum notice (hours)')}
      {n('horizonDays', 'Days ahead')}
      {n('concurrentDemos', 'Demos at the same time')}
      {n('bookingsPerEmail', 'Active bookings per e-mail address')}
      <label>
        Video-call link
        <input name="meetingUrl" type="url" defaultValue={availability.meetingUrl} required />
      </label>
      <label>
        Closed dates (YYYY-MM-DD, comma-separated)
        <input name="closedDates" defaultValue={availability.closedDates.join(', ')} />
      </label>
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        Save availability
      </button>
    </form>
  );
}

function Feed({ hasFeed }: { hasFeed: boolean }) {
  const feed = useManageCalendarFeed();
  const [url, setUrl] = useState<string | undefined>();
  const run = (action: 'create' | 'revoke') =>
    feed.mutate(action, {
      onSuccess: (answer) => setUrl(answer.url),
      onError: (e) => toast({ title: toastMessage(e, 'The feed could not be changed.'), variant: 'destructive' }),
    });
  return (
    <section className="staff-section" aria-labelledby="feed-title">
      <h2 id="feed-title">Your private calendar feed</h2>
      <p>Subscribe to it in your calendar program. Anyone with the address sees the demos: keep it private, and revoke it if it leaks.</p>
      {url ? (
        <p>
          <label>
            Feed address (shown once)
            <input readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          </label>
        </p>
      ) : null}
      <button type="button" className="button button-primary" disabled={feed.isPending} onClick={() => run('create')}>
        {hasFeed ? 'Make a new feed address (the old one stops working)' : 'Make my feed address'}
      </button>{' '}
      {hasFeed ? (
        <button type="button" className="button button-secondary" disabled={feed.isPending} onClick={() => run('revoke')}>
          Revoke my feed
        </button>
      ) : null}
    </section>
  );
}

export function CalendarPage() {
  const [view, setView] = useState<'day' | 'week'>('week');
  const [anchor, setAnchor] = useState(() => new Date());
  const settings = useBookingSettings();
  const step = (sign: number) => setAnchor((a) => new Date(a.getTime() + sign * (view === 'day' ? 1 : 7) * DAY));
  return (
    <main id="main" className="container page staff-page">
      <StaffNav />
      <h1>Demo calendar</h1>
      <fieldset className="staff-toolbar">
        <legend className="visually-hidden">Calendar view</legend>
        <button type="button" className="button button-secondary" aria-pressed={view === 'day'} onClick={() => setView('day')}>
          Day
        </button>
        <button type="button" className="button button-secondary" aria-pressed={view === 'week'} onClick={() => setView('week')}>
          Week
        </button>
        <button type="button" className="button button-secondary" onClick={() => step(-1)}>
          Previous
        </button>
        <button type="button" className="button button-secondary" onClick={() => setAnchor(new Date())}>
          Today
        </button>
        <button type="button" className="button button-secondary" onClick={() => step(1)}>
          Next
        </button>
      </fieldset>
      <Agenda view={view} anchor={anchor} />
      {settings.data ? <Feed hasFeed={settings.data.hasFeed} /> : null}
      <section className="staff-section" aria-labelledby="availability-title">
        <h2 id="availability-title">Availability</h2>
        {settings.data ? (
          <>
            <p>{settings.data.customised ? 'Set by staff.' : "The stage's defaults (infra/stages.ts) until changed here."}</p>
            <AvailabilityForm availability={settings.data.availability} />
          </>
        ) : (
          <output>Loading...</output>
        )}
      </section>
    </main>
  );
}
