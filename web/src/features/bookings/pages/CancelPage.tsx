/**
 * /book/cancel?request=...&token=...: the cancel link of the visitor's mails. Opening it changes nothing (mail
 * scanners open links); the button cancels, and the visitor and the staff get the cancellation.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatRange } from '@shared/contract/bookings';
import { toastMessage } from '../../../lib/api';
import { useCancelDemo } from '../api/cancel-demo';
import { detectedTimeZone } from '../components/time-zones';
import '../bookings.css';

export function CancelPage() {
  const [params] = useSearchParams();
  const cancel = useCancelDemo({ request: params.get('request') ?? '', token: params.get('token') ?? '' });
  const b = cancel.data;
  // The button is gone once the demo is cancelled: the keyboard's focus moves to what replaced it.
  const doneRef = useRef<HTMLOutputElement>(null);
  useEffect(() => doneRef.current?.focus(), [b]);

  return (
    <main id="main" className="container page booking-page">
      <h1>Cancel your demo</h1>
      {b ? (
        <output ref={doneRef} tabIndex={-1} className="booking-notice">{`Your demo on ${formatRange(b.start, b.end, b.timeZone || detectedTimeZone())} is cancelled. We sent you the cancellation.`}</output>
      ) : (
        <>
          <p>Cannot make it? Cancel the demo here; you can book a new time later from the link in your mail.</p>
          {cancel.isError ? <p role="alert">{toastMessage(cancel.error, 'The demo could not be cancelled. Please try again.')}</p> : null}
          <button type="button" className="button button-primary" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel the demo'}
          </button>
        </>
      )}
    </main>
  );
}
