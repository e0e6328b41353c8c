/** Who changed what when, newest first: status changes, notes, replies recorded, deliveries sent again, sends to a webhook. */
import { deliveryTargetLabels, statusLabel, type HistoryEntry } from '@shared/contract/staff-console';
import { formatTime } from '../utils/format';

function what(entry: HistoryEntry): string {
  switch (entry.action) {
    case 'status':
      return `Status: ${statusLabel(entry.from ?? 'new')} → ${statusLabel(entry.to ?? 'new')}`;
    case 'note':
      return 'Note';
    case 'reply':
      return 'Replied to the visitor';
    case 'sendAgain':
      return `Sent again: ${entry.target ? deliveryTargetLabels[entry.target] : ''}`;
    case 'sendToWebhook':
      return `Sent to the ${entry.target === 'webhook:prod' ? 'prod' : 'test'} webhook`;
    default:
      return entry.action;
  }
}

export function AuditTrail({ history }: { history: readonly HistoryEntry[] }) {
  return (
    <section className="staff-section" aria-labelledby="history-title">
      <h2 id="history-title">Audit trail</h2>
      {history.length === 0 ? (
        <p>Nothing changed yet.</p>
      ) : (
        <ol className="staff-history" reversed>
          {[...history].reverse().map((entry) => (
            <li key={`${entry.at}-${entry.action}-${entry.by}`}>
              <p>
                <strong>{what(entry)}</strong> <span className="staff-muted">by {entry.by}, <time dateTime={entry.at}>{formatTime(entry.at)}</time></span>
              </p>
              {entry.note ? <p className="staff-note">{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
