/**
 * The site promises every visitor a reply within 24 hours (spec 000_87e5fbf87b6c3f39.txt §1, the confirmation mail).
 * What "answered" means, defined once for everything that asks: the 24-hour watch's reminders (lambdas), the
 * overview's time to first answer and open leads, and the console's lead page.
 *
 * A lead is answered when its status is Answered or Closed, or a staff member recorded a reply in its audit trail.
 * Its first answer is the earliest audit entry that did either: when, and by whom.
 */
import type { HistoryEntry, LeadStatus } from './staff-console';

/** The promise: a reply within this many hours of a lead's arrival. */
export const ANSWER_PROMISE_HOURS = 24;
/** When the support staff get a first reminder about a lead nobody answered. */
export const ANSWER_REMINDER_HOURS = 20;

/** The statuses that mean the visitor has had an answer. */
export const answeringStatuses: readonly LeadStatus[] = ['answered', 'closed'];

const answers = (entry: HistoryEntry): boolean => entry.action === 'reply' || (entry.action === 'status' && entry.to !== undefined && answeringStatuses.includes(entry.to));

export interface LeadAnswer {
  /** When the lead was first answered (absent for a lead marked answered before the audit trail recorded it). */
  readonly at?: string;
  /** Who answered it first. */
  readonly by?: string;
}

/** The lead's answer, or undefined while it is unanswered. */
export function leadAnswer(lead: { readonly status?: LeadStatus | undefined; readonly history?: readonly HistoryEntry[] | undefined }): LeadAnswer | undefined {
  const history = lead.history ?? [];
  const answered = answeringStatuses.includes(lead.status ?? 'new') || history.some((e) => e.action === 'reply');
  if (!answered) return undefined;
  const first = history.find(answers);
  return first ? { at: first.at, by: first.by } : {};
}

/** Hours between a lead's arrival and `at` (its first answer, or now). */
export function hoursSince(receivedAt: string, at: string | Date): number {
  return ((typeof at === 'string' ? Date.parse(at) : at.getTime()) - Date.parse(receivedAt)) / 3_600_000;
}
