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

/** Minutes as people read a wait: "45 min", "3 h 25 min", "2 d 4 h"; "-" for none. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '-';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** A share (0 to 1) as a whole percentage; "-" for none. */
export function formatShare(share: number | null): string {
  return share === null ? '-' : `${Math.round(share * 100)}%`;
}

/** An agency day (YYYY-MM-DD) as a short date: "Nov 22". */
export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
