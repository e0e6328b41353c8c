/**
 * The delivery log, one row per target (each support mail recipient's mail, the visitor's confirmation, the test
 * and prod webhooks, the 24-hour watch's reminders, scheduled until they are due): state, attempts, time, the last error or why it was not needed, and "Send again", which
 * goes through the delivery engine (one send however often it is pressed, by however many staff).
 */
import { useRef } from 'react';
import type { DeliveryView, SubmissionView } from '@shared/contract/staff-console';
import { toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSendDeliveryAgain } from '../api/send-delivery-again';
import { deliveryStateLabels, formatTime } from '../utils/format';

/** A delivery held until a due time (a reminder) that has not been attempted yet. */
const isWaiting = (d: DeliveryView) => d.state === 'pending' && d.attempts === 0 && d.dueAt !== undefined;

function detail(d: DeliveryView): string {
  if (isWaiting(d)) return `Due ${formatTime(d.dueAt)}`;
  if (d.state === 'skipped') return d.reason ?? '';
  const parts: string[] = [];
  if (d.dueAt) parts.push(`Was due ${formatTime(d.dueAt)}`);
  if (d.lastError) parts.push(`Last error: ${d.lastError}`);
  if (d.state === 'pending' && d.nextAttemptAt) parts.push(`Next attempt ${formatTime(d.nextAttemptAt)}`);
  if (d.state === 'sent' && d.response) parts.push(`Answer: ${d.response}`);
  if (d.round > 0) parts.push(`Sent again ${d.round} ${d.round === 1 ? 'time' : 'times'}`);
  return parts.join(' · ');
}

export function DeliveryLog({ submission }: { submission: SubmissionView }) {
  const sending = useSendDeliveryAgain();
  // A double click lands both clicks before the button re-renders disabled: the second is dropped here (the server
  // would refuse it anyway, but with a needless error).
  const busy = useRef(false);
  return (
    <section className="staff-section" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Delivery log</h2>
      <table className="staff-table staff-deliveries">
        <caption className="visually-hidden">Deliveries of this submission</caption>
        <thead>
          <tr>
            <th scope="col">Delivery</th>
            <th scope="col">State</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Details</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {submission.deliveries.map((d) => (
            <tr key={d.target}>
              <th scope="row" data-label="Delivery">
                {d.label}
                {d.recipients ? <span className="staff-muted staff-break staff-recipients">to {d.recipients.join(', ')}</span> : null}
              </th>
              <td data-label="State">
                <span className={`staff-badge staff-delivery-${d.state}`}>{isWaiting(d) ? 'Scheduled' : deliveryStateLabels[d.state]}</span>
              </td>
              <td data-label="Attempts">{d.attempts}</td>
              <td data-label="Last attempt">{d.lastAttemptAt ? <time dateTime={d.lastAttemptAt}>{formatTime(d.lastAttemptAt)}</time> : '-'}</td>
              <td data-label="Details" className="staff-break">
                {detail(d) || '-'}
              </td>
              <td>
                <button
                  type="button"
                  className="button button-secondary staff-small"
                  aria-label={`Send again: ${d.label}`}
                  disabled={!d.canSendAgain || sending.isPending}
                  onClick={() => {
                    if (busy.current) return;
                    busy.current = true;
                    // The press names what this screen showed: taken after another staff member's, it is refused.
                    sending.mutate(
                      { id: submission.id, target: d.target, sentAgain: d.sentAgain },
                      {
                        onSettled: () => {
                          busy.current = false;
                        },
                        onSuccess: (view) => {
                          const after = view.deliveries.find((x) => x.target === d.target);
                          if (after?.state === 'sent') toast({ title: 'Sent again', description: `${d.label}: delivered.` });
                          else toast({ title: 'Not delivered yet', description: `${d.label}: ${after?.lastError ?? 'the attempt failed'}. It will be tried again.`, variant: 'destructive' });
                        },
                        onError: (error) => toast({ title: 'Could not send again', description: toastMessage(error, 'Please try again.'), variant: 'destructive' }),
                      },
                    );
                  }}
                >
                  Send again
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
