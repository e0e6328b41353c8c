/**
 * /book/cancel?request=...&token=...: the cancel link of the visitor's mails. Opening it changes nothing (mail
 * scanners open links); the button cancels, and the visitor and the staff get the cancellation.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatRange } from '@shared/contract/bookings';
import { toastMessage } from '../../../lib/api';
import { cancelDemo } from '../api/booking-api';
import { detectedTimeZone } from '../components/time-zones';
import '../booking.css';

export function CancelPage() {
  const [params] = useSearchParams();
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'done' | 'failed'; text: string }>({ kind: 'idle' });

  async function cancel() {
    setState({ kind: 'sending' });
    try {
      const b = await cancelDemo({ request: params.get('request') ?? '', token: params.get('token') ?? '' });
      setState({ kind: 'done', text: `Your demo on ${formatRange(b.start, b.end, b.timeZone || detectedTimeZone())} is cancelled. We sent you the cancellation.` });
    } catch (e) {
      setState({ kind: 'failed', text: toastMessage(e, 'The demo could not be cancelled. Please try again.') });
    }
  }

  return (
    <main id="main" className="container page booking-page">
      <h1>Cancel your demo</h1>
      {state.kind === 'done' ? (
        <output className="booking-notice">{state.text}</output>
      ) : (
        <>
          <p>Cannot make it? Cancel the demo here; you can book a new time later from the link in your mail.</p>
          {state.kind === 'failed' ? <p role="alert">{state.text}</p> : null}
          <button type="button" className="button button-primary" disabled={state.kind === 'sending'} onClick={() => void cancel()}>
            {state.kind === 'sending' ? 'Cancelling...' : 'Cancel the demo'}
          </button>
        </>
      )}
    </main>
  );
}

export default CancelPage;
