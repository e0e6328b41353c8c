/**
 * The figures a set of records makes, all at once: the same entries and summaries that recordLead and recordSale
 * keep one record at a time, grouped into their items. For filling the figures of records stored in bulk (the staff
 * bench's 100,000 submissions, a browser test's seed) without writing each record's entries one by one.
 */
import type { Purchase } from '../purchases/record';
import type { LeadRecord } from '../submissions/record';
import { dayOf, monthOf } from './agency-time';
import { leadEntry, leadFiguresExpiry, summarizeLeadDay, summarizeOpen, type LeadEntry, type OpenEntry } from './leads';
import type { FigureName } from './ports';
import { saleEntry, summarizeSaleDay, summarizeSubscriptions, type SaleEntry } from './sales';
import type { SubscriptionStatus } from '@shared/contract/schemas/purchases';

/**
 * A period's entries of a figure, and their summary, as lambdas/data/overview.ts keeps them (the summary in an item
 * of its own: `summaryItem` there).
 */
export interface FigureItem {
  readonly figure: FigureName;
  readonly period: string;
  readonly entries: Readonly<Record<string, unknown>>;
  readonly summary?: unknown;
  readonly expiresAt?: number;
}

function grouped<E>(pairs: readonly (readonly [period: string, key: string, entry: E])[]): Map<string, Record<string, E>> {
  const periods = new Map<string, Record<string, E>>();
  for (const [period, key, entry] of pairs) {
    const entries = periods.get(period) ?? {};
    entries[key] = entry;
    periods.set(period, entries);
  }
  return periods;
}

export function figureItems(input: { readonly leads: readonly LeadRecord[]; readonly purchases: readonly Purchase[]; readonly timeZone: string }): FigureItem[] {
  const { timeZone } = input;
  const leadPairs = input.leads.map((r) => [dayOf(r.createdAt, timeZone), r.id, leadEntry(r)] as const);
  const openPairs = leadPairs.filter(([, , e]) => e.state === 'open').map(([day, id, e]) => [monthOf(day), id, { kind: e.kind, at: e.at, ref: e.ref }] as const);
  const salePairs = input.purchases.map((p) => [dayOf(p.createdAt, timeZone), p.sessionId, saleEntry(p)] as const);
  const subscriptionPairs = input.purchases
    .filter((p) => p.type === 'services')
    .map((p) => [monthOf(dayOf(p.createdAt, timeZone)), p.sessionId, p.subscriptionStatus ?? 'active'] as const);
  const items: FigureItem[] = [];
  for (const [day, entries] of grouped<LeadEntry>(leadPairs)) items.push({ figure: 'leads', period: day, entries, summary: summarizeLeadDay(entries), expiresAt: leadFiguresExpiry(day) });
  for (const [month, entries] of grouped<OpenEntry>(openPairs)) items.push({ figure: 'open', period: month, entries, summary: summarizeOpen(entries, timeZone), expiresAt: leadFiguresExpiry(`${month}-28`) });
  for (const [day, entries] of grouped<SaleEntry>(salePairs)) items.push({ figure: 'sales', period: day, entries, summary: summarizeSaleDay(entries) });
  for (const [month, entries] of grouped<SubscriptionStatus>(subscriptionPairs)) items.push({ figure: 'subscriptions', period: month, entries, summary: summarizeSubscriptions(entries) });
  return items;
}
