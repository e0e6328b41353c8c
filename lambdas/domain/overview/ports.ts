/**
 * The overview's figures as the domain keeps them (lambdas/data/overview.ts implements it on the `overview`
 * table): one item per figure and period (a lead day, a month of open leads, a sale day, a month of subscriptions),
 * holding one entry per record that counts in it (what that record contributes) and a summary made from those
 * entries. Writing a record's entry again with the same value changes nothing, so a repeated or retried write
 * counts once; the summary is always remade from the entries, so it cannot drift from them.
 */

/** The figures kept, each in its own partition of the table, by period. */
export type FigureName = 'leads' | 'open' | 'sales' | 'subscriptions' | 'demos';

export interface EntryChange<E, S> {
  readonly figure: FigureName;
  /** The period's item: a day (YYYY-MM-DD) or a month (YYYY-MM). */
  readonly period: string;
  /** The record's key (a submission id, a Checkout session id). */
  readonly key: string;
  /** What the record contributes now; undefined removes its entry. */
  readonly entry: E | undefined;
  /** The summary of a period's entries, stored beside them (absent: entries only). */
  readonly summarize?: (entries: Readonly<Record<string, E>>) => S;
  /** An entry that must stay as it is whatever comes later (an erased person's lead). */
  readonly final?: (current: E) => boolean;
  /** Epoch seconds when the item may be deleted (DynamoDB TTL); absent: kept. */
  readonly expiresAt?: number;
}

/** What keeps the figures as records are written (the functions that write leads and purchases). */
export interface FigureWriter {
  /**
   * Sets (or removes) one record's entry of a period's item and remakes its summary, as one conditional write on the
   * item's version (read again and retried when another writer came first). 'unchanged' when the entry already was
   * that; 'final' when the stored entry is final and was kept.
   */
  put<E, S>(change: EntryChange<E, S>): Promise<'written' | 'unchanged' | 'final'>;
}

/** What the overview reads (its function only). */
export interface FigureReader {
  /** The summaries of a figure's periods from `from` to `to` (inclusive), in period order. */
  summaries<S>(figure: FigureName, from: string, to: string): Promise<{ readonly period: string; readonly summary: S }[]>;
}

export type OverviewStore = FigureWriter & FigureReader;
