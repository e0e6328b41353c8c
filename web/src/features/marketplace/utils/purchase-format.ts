/** How a purchase reads on My purchases and the success screen. */
import { formatAmount as formatCents } from '@shared/content/money';
import type { PurchaseSummary } from '@shared/contract/schemas/purchases';

/** Cents and a currency as people read them: `$49.99`, or `49.99 EUR` (nothing when Stripe reported no amount). */
export function formatAmount(cents: number | null, currency: string | null): string {
  return cents === null ? '' : formatCents(cents, currency);
}

export function formatPurchaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** What a purchase's state means for its buyer, if anything needs saying. */
export function purchaseState(p: PurchaseSummary): string | undefined {
  if (p.status === 'refunded') return 'Refunded: its prompt is no longer available.';
  if (p.subscription === 'pastDue') return 'Renewal payment failed: update your card in Manage billing.';
  if (p.subscription === 'cancelled') return 'Subscription cancelled.';
  if (p.subscription === 'active') return 'Subscription active.';
  return undefined;
}
