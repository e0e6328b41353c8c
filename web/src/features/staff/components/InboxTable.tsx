/**
 * The inbox as a table: received, kind, name (the link to the submission), e-mail, company or title, status,
 * delivery state, reference. Below 640 px each row becomes a card with its labels (CSS), so it stays usable on a
 * 360 px phone without scrolling sideways. Every value is the visitor's text, rendered as text.
 */
import { Link } from 'react-router-dom';
import { kindLabel, statusLabel, type InboxItem } from '@shared/contract/staff-console';
import { deliveryStateLabels, formatTime } from '../utils/format';

const columns = ['Received', 'Kind', 'Name', 'Email', 'Company or title', 'Status', 'Delivery', 'Reference'] as const;

export function InboxTable({ items, caption }: { items: readonly InboxItem[]; caption: string }) {
  return (
    <table className="staff-table staff-inbox">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <td data-label="Received">
              <time dateTime={item.receivedAt}>{formatTime(item.receivedAt)}</time>
            </td>
            <td data-label="Kind">{kindLabel(item.kind)}</td>
            <th scope="row" data-label="Name">
              <Link to={`/staff/submission?id=${encodeURIComponent(item.id)}`}>{item.name || '(no name)'}</Link>
            </th>
            <td data-label="Email" className="staff-break">
              {item.email}
            </td>
            <td data-label="Company or title">{item.organisation}</td>
            <td data-label="Status">
              <span className={`staff-badge staff-status-${item.status}`}>{statusLabel(item.status)}</span>
            </td>
            <td data-label="Delivery">
              <span className={`staff-badge staff-delivery-${item.deliveryState}`}>{deliveryStateLabels[item.deliveryState]}</span>
            </td>
            <td data-label="Reference">{item.reference}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
