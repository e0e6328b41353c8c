/**
 * What a purchase cost, as people read it. A module of its own, apart from the catalogue: the staff console, My
 * purchases and the sale notice show amounts without needing the catalogue's apps (8 KB gzip in the browser).
 */

/** What a purchase cost as Stripe reports it (smallest unit, a currency) as people read it: `$49.99`, or `49.99 EUR`. */
export function formatAmount(cents: number, currency: string | null): string {
  const value = (cents / 100).toFixed(2);
  return !currency || currency.toLowerCase() === 'usd' ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}
