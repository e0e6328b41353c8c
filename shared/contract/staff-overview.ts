/**
 * The staff console's first screen, the overview: what GET /api/staff/overview answers (lambdas/domain/overview).
 * Every figure is read from figures kept up to date as records are written, never by reading every record; the
 * days and weeks are the agency's (the stage's time zone). What each figure means: the staff console's guide.
 */
import type { SubmissionKind } from './staff-console';

/** How many days the leads chart covers at most (the console shows 30 or 90). */
export const OVERVIEW_DAYS = 90;
/** How many weeks the weekly tables cover (the current one included). */
export const OVERVIEW_WEEKS = 13;
/** How many days the overdue leads are shown for. */
export const OVERDUE_DAYS = 30;
/** The open leads listed by name at most (the oldest first); the age groups count them all. */
export const URGENT_LEADS_MAX = 25;

/** Leads that arrived on one agency day, by kind (spam, honeypot hits and erased people not counted). */
export interface LeadsDay {
  readonly day: string;
  readonly demoRequest: number;
  readonly contactMessage: number;
  readonly idea: number;
}

/** Time to first answer of a set of leads (shared/contract/lead-answer.ts), in whole minutes. */
export interface AnswerFigures {
  /** Leads answered, with the time of their first answer known. */
  readonly answered: number;
  /** The median and the 90th percentile (nearest rank) of the minutes to the first answer; null with none answered. */
  readonly medianMinutes: number | null;
  readonly p90Minutes: number | null;
  /** Of the leads whose 24 hours are over (or that were answered), how many had their first answer within 24 hours. */
  readonly within24: number;
  readonly judged: number;
  /** within24 / judged, 0 to 1; null when none is judged yet. */
  readonly shareWithin24: number | null;
}

/** A week's leads (by the week they arrived in, Monday to Sunday) and how fast they were answered. */
export interface AnswerWeek extends AnswerFigures {
  /** The week's Monday. */
  readonly week: string;
  readonly leads: number;
}

/** The first answers one staff member gave to the leads of the last OVERVIEW_DAYS days. */
export interface AnswerStaff extends AnswerFigures {
  readonly staff: string;
}

/** A lead nobody has answered yet. */
export interface OpenLead {
  readonly id: string;
  readonly reference: string;
  readonly kind: SubmissionKind;
  readonly receivedAt: string;
  /** Whole hours since it arrived. */
  readonly ageHours: number;
}

export const openLeadAgeGroups = [
  { key: 'under4', label: 'Under 4 hours', fromHours: 0 },
  { key: 'under20', label: '4 to 20 hours', fromHours: 4 },
  { key: 'close', label: '20 to 24 hours (reminded)', fromHours: 20 },
  { key: 'overdue', label: '1 to 3 days (overdue)', fromHours: 24 },
  { key: 'overdue3', label: '3 to 7 days (overdue)', fromHours: 72 },
  { key: 'overdue7', label: 'Over 7 days (overdue)', fromHours: 168 },
] as const;
export type OpenLeadAgeGroup = (typeof openLeadAgeGroups)[number]['key'];

export interface OpenLeads {
  readonly total: number;
  readonly groups: readonly { readonly key: OpenLeadAgeGroup; readonly label: string; readonly count: number }[];
  /** The oldest open leads first (past 24 hours, then close to it), at most URGENT_LEADS_MAX. */
  readonly oldest: readonly OpenLead[];
}

/** Money in one currency, in its smallest unit (cents). */
export interface Money {
  readonly currency: string;
  readonly cents: number;
}

/** A week's sales (by the week each purchase was made in). */
export interface SalesWeek {
  readonly week: string;
  /** Sales not refunded, per catalogue id. */
  readonly byApp: Readonly<Record<string, number>>;
  /** What was paid, minus what was refunded (a refund takes its sale off its week), per currency. */
  readonly revenue: readonly Money[];
  readonly refunds: number;
  readonly refunded: readonly Money[];
}

/** How many weeks ahead the demos are shown besides (bookings are offered three weeks ahead). */
export const DEMO_WEEKS_AHEAD = 3;

/** A week's booked demos (issue 41), by the week of the meeting. */
export interface DemosWeek {
  readonly week: string;
  /** Demos booked for that week and not cancelled (held or still to come). */
  readonly booked: number;
  /** Of those, the ones whose end has passed. */
  readonly held: number;
  readonly cancelled: number;
}

export interface OverviewView {
  readonly timeZone: string;
  /** The agency's today, and when the figures were read. */
  readonly today: string;
  readonly generatedAt: string;
  /** The last OVERVIEW_DAYS days, oldest first, today last. */
  readonly leadsPerDay: readonly LeadsDay[];
  /** The last OVERVIEW_WEEKS weeks, oldest first. */
  readonly answerWeeks: readonly AnswerWeek[];
  /** Over the leads of the last OVERVIEW_DAYS days, the staff member with most answers first. */
  readonly answerStaff: readonly AnswerStaff[];
  readonly openLeads: OpenLeads;
  /**
   * Leads per day (the last OVERDUE_DAYS, oldest first) that went 24 hours without an answer, by the day they
   * arrived, and the stage's alarm threshold (the alarm fires when more than this many go overdue within a day).
   */
  readonly overdue: { readonly threshold: number; readonly perDay: readonly { readonly day: string; readonly count: number }[] };
  /** The last OVERVIEW_WEEKS weeks, oldest first; `apps` names every catalogue id that sold. */
  readonly sales: { readonly weeks: readonly SalesWeek[]; readonly apps: readonly { readonly id: string; readonly name: string }[] };
  /** The subscriptions (the services package) in each state now. */
  readonly subscriptions: { readonly active: number; readonly pastDue: number; readonly cancelled: number };
  /** The last OVERVIEW_WEEKS weeks and the next DEMO_WEEKS_AHEAD, oldest first. */
  readonly demos: readonly DemosWeek[];
}
