/**
 * What a lead contributes to the overview, and keeping it up to date as the lead is written.
 *
 * Each lead (demo request, contact message, idea) has one entry in the item of the agency day it arrived on: its
 * kind, reference and state (open, answered with when and by whom, spam, or erased), and, while nobody has answered
 * it, one in the item of its month's open leads. `recordLead` writes both from the lead as it is now, so it can run
 * after every write of the lead, any number of times (the delivery engine after each attempt, a staff member's
 * change); `recordErasure` leaves a final entry that no later write of the lead can undo. A sale notice is not a
 * lead and a honeypot hit is never stored, so neither is ever counted.
 */
import { leadAnswer } from '@shared/contract/lead-answer';
import type { SubmissionKind } from '@shared/contract/staff-console';
import type { LeadRecord } from '../submissions/record';
import { dayOf, monthOf } from './agency-time';
import type { FigureWriter } from './ports';

export interface LeadEntry {
  readonly kind: SubmissionKind;
  /** When it arrived. */
  readonly at: string;
  readonly ref: string;
  readonly state: 'open' | 'answered' | 'spam' | 'erased';
  /** Its first answer (shared/contract/lead-answer.ts), when known. */
  readonly answeredAt?: string;
  readonly by?: string;
}

/** An open lead, in its month's item. */
export interface OpenEntry {
  readonly kind: SubmissionKind;
  readonly at: string;
  readonly ref: string;
}

/**
 * A day's leads as the overview reads them. Its lists are written as text (numbers or lines joined), not as
 * DynamoDB lists: 90 days of a busy inbox are tens of thousands of values, which as typed list items cost the
 * overview more to read than everything else it does (bench:staff).
 */
export interface LeadDaySummary {
  /** Leads counted (spam and erased people are not), by kind. */
  readonly leads: Readonly<Partial<Record<SubmissionKind, number>>>;
  /** The first answers whose time is known, by who gave them: whole minutes after arrival, ascending, comma-separated. */
  readonly answers: Readonly<Record<string, string>>;
}

/** A month's open leads as the overview reads them: one line per lead, oldest first (`openLine`). */
export type OpenSummary = string;

/** An open lead as a line of its month's summary: arrival, agency day, kind, reference, id (tab-separated). */
export function openLine(id: string, entry: OpenEntry, timeZone: string): string {
  return [entry.at, dayOf(entry.at, timeZone), entry.kind, entry.ref, id].join('\t');
}

export function parseOpenLine(line: string): { id: string; at: string; day: string; kind: SubmissionKind; ref: string } {
  const [at = '', day = '', kind = '', ref = '', id = ''] = line.split('\t');
  return { id, at, day, kind: kind as SubmissionKind, ref };
}

export function summarizeOpen(entries: Readonly<Record<string, OpenEntry>>, timeZone: string): OpenSummary {
  return Object.entries(entries)
    .map(([id, e]) => openLine(id, e, timeZone))
    .sort()
    .join('\n');
}

/** The minutes of an `answers` value. */
export const answerMinutes = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/** How long the figures of a day are kept: the overview reads 90 days back; a year and a bit is plenty. */
const FIGURES_KEPT_DAYS = 400;

export function leadEntry(record: LeadRecord): LeadEntry {
  const base = { kind: record.kind, at: record.createdAt, ref: record.reference ?? '' };
  if (record.status === 'spam') return { ...base, state: 'spam' };
  const answer = leadAnswer(record);
  if (!answer) return { ...base, state: 'open' };
  return { ...base, state: 'answered', ...(answer.at && answer.by ? { answeredAt: answer.at, by: answer.by } : {}) };
}

/** Whole minutes from a lead's arrival to its first answer. */
export function minutesToAnswer(at: string, answeredAt: string): number {
  return Math.max(0, Math.floor((Date.parse(answeredAt) - Date.parse(at)) / 60_000));
}

export function summarizeLeadDay(entries: Readonly<Record<string, LeadEntry>>): LeadDaySummary {
  const leads: Partial<Record<SubmissionKind, number>> = {};
  const answers: Record<string, number[]> = {};
  for (const e of Object.values(entries)) {
    if (e.state === 'spam' || e.state === 'erased') continue;
    leads[e.kind] = (leads[e.kind] ?? 0) + 1;
    if (e.answeredAt && e.by) (answers[e.by] ??= []).push(minutesToAnswer(e.at, e.answeredAt));
  }
  const text = Object.fromEntries(Object.entries(answers).map(([by, minutes]) => [by, minutes.sort((a, b) => a - b).join(',')]));
  return { leads, answers: text };
}

export interface LeadFigureDeps {
  readonly store: FigureWriter;
  /** The agency's time zone (its days). */
  readonly timeZone: string;
}

/** When a lead day's (or month's) figures may go (epoch seconds). */
export function leadFiguresExpiry(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00.000Z`) / 1000) + FIGURES_KEPT_DAYS * 86_400;
}

const isErased = (e: LeadEntry) => e.state === 'erased';

async function putLead(deps: LeadFigureDeps, record: LeadRecord, entry: LeadEntry): Promise<void> {
  const day = dayOf(record.createdAt, deps.timeZone);
  const kept = await deps.store.put({ figure: 'leads', period: day, key: record.id, entry, summarize: summarizeLeadDay, final: isErased, expiresAt: leadFiguresExpiry(day) });
  // An erased lead's entry stays erased, and it is open nowhere.
  const open: OpenEntry | undefined = entry.state === 'open' && kept !== 'final' ? { kind: entry.kind, at: entry.at, ref: entry.ref } : undefined;
  await deps.store.put({ figure: 'open', period: monthOf(day), key: record.id, entry: open, summarize: (entries: Readonly<Record<string, OpenEntry>>) => summarizeOpen(entries, deps.timeZone), expiresAt: leadFiguresExpiry(day) });
}

/** The lead's figures as the lead is now (after any write of it). */
export function recordLead(deps: LeadFigureDeps, record: LeadRecord): Promise<void> {
  return putLead(deps, record, leadEntry(record));
}

/** A person's erasure: the lead counts nowhere from now on, whatever a late write of it says. */
export function recordErasure(deps: LeadFigureDeps, record: LeadRecord): Promise<void> {
  return putLead(deps, record, { kind: record.kind, at: record.createdAt, ref: '', state: 'erased' });
}
