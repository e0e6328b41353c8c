/**
 * The booking step offered on the site right after the demo dialog closed (issue 41): a small panel, not a dialog,
 * that takes no focus (the spec's dialog returns focus to its opener), with the link to pick the demo's time now.
 * The same link is in the visitor's confirmation mail.
 */
import { useDemoDialog } from '../../../stores/demo-dialog';
import '../bookings.css';

export default function BookingOffer() {
  const offer = useDemoDialog((s) => s.booking);
  if (!offer) return null;
  const href = `/book?${new URLSearchParams({ request: offer.request, token: offer.token }).toString()}`;
  const dismiss = () => useDemoDialog.setState({ booking: undefined });
  return (
    <aside className="booking-offer" aria-labelledby="booking-offer-title">
      <h2 id="booking-offer-title">Your demo request is in</h2>
      <p>Choose a time for the call now, in your own time zone, or later from the link in your confirmation mail.</p>
      <div className="booking-offer-actions">
        <a className="button button-primary" href={href} onClick={dismiss}>
          Pick your demo time
        </a>
        <button type="button" className="button button-secondary" onClick={dismiss}>
          Not now
        </button>
      </div>
    </aside>
  );
}
