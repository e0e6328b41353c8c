/** How the staff console writes times, sizes and states. */
import type { DeliveryState, OverallDeliveryState } from '@shared/contract/staff-console';

/** A time in the staff member's own time zone, with the date: "Nov 22, 2026, 10:00 AM". */
export function formatTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const deliveryStateLabels: Readonly<Record<DeliveryState | OverallDeliveryState, string>> = {
  pending: 'Pending',
  sent: 'Delivered',
  failed: 'Failed',
  skipped: 'Not needed',
};
