/**
 * What a purchase contributes to the overview, kept up to date as Stripe's events are recorded.
 *
 * Each purchase has one entry in the item of the agency day it was made on: what was bought, the amount and
 * currency, and whether it was refunded (a full refund or a lost dispute: the sale then leaves its day's sales and
 * revenue, and counts as a refund of that day). A subscription (the services package) also has one entry, its
 * state, in the item of its month. `recordSale` writes both from the purchase as it is now, any number of times.
 * Renewals of a subscription are not purchases here (Stripe keeps them): revenue is what the Checkout sessions paid.
 */
import type { SubscriptionStatus } from '@shared/contract/schemas/purchases';
import type { Purchase } from '../purchases/record';
import { dayOf, monthOf } from './agency-time';
import type { FigureWriter } from './ports';

export interface SaleEntry {
  readonly app: string;
  readonly cents: number;
  readonly currency: string;
  readonly refunded: boolean;
}

export interface SaleDaySummary {
  /** Sales not refunded, per catalogue id. */
  readonly byApp: Readonly<Record<string, number>>;
  /** Paid by the sales not refunded, per currency (cents). */
  readonly revenue: Readonly<Record<string, number>>;
  readonly refunds: number;
  readonly refunded: Readonly<Record<string, number>>;
}

export type SubscriptionSummary = Readonly<Record<SubscriptionStatus, number>>;

export function saleEntry(p: Purchase): SaleEntry {
  return { app: p.appId, cents: p.amountTotal ?? 0, currency: (p.currency ?? 'usd').toLowerCase(), refunded: p.status === 'refunded' };
}

const add = (to: Record<string, number>, key: string, n: number) => {
  to[key] = (to[key] ?? 0) + n;
};

export function summarizeSaleDay(entries: Readonly<Record<string, SaleEntry>>): SaleDaySummary {
  const byApp: Record<string, number> = {};
  const revenue: Record<string, number> = {};
  const refunded: Record<string, number> = {};
  let refunds = 0;
  for (const e of Object.values(entries)) {
    if (e.refunded) {
      refunds += 1;
      add(refunded, e.currency, e.cents);
    } else {
      add(byApp, e.app, 1);
      add(revenue, e.currency, e.cents);
    }
  }
  return { byApp, revenue, refunds, refunded };
}

export function summarizeSubscriptions(entries: Readonly<Record<string, SubscriptionStatus>>): SubscriptionSummary {
  const summary: Record<SubscriptionStatus, number> = { active: 0, pastDue: 0, cancelled: 0 };
  for (const status of Object.values(entries)) summary[status] += 1;
  return summary;
}

export interface SaleFigureDeps {
  readonly store: FigureWriter;
  readonly timeZone: string;
}

/** The purchase's figures as it is now (after any event recorded for it). */
export async function recordSale(deps: SaleFigureDeps, p: Purchase): Promise<void> {
  const day = dayOf(p.createdAt, deps.timeZone);
  await deps.store.put({ figure: 'sales', period: day, key: p.sessionId, entry: saleEntry(p), summarize: summarizeSaleDay });
  if (p.type === 'services') {
    await deps.store.put({ figure: 'subscriptions', period: monthOf(day), key: p.sessionId, entry: p.subscriptionStatus ?? 'active', summarize: summarizeSubscriptions });
  }
}
