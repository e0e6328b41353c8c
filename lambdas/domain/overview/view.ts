/**
 * The overview as staff read it (shared/contract/staff-overview.ts), made from the kept figures: the summaries of the
 * last 90 lead days and 13 weeks of sale days, the open leads of the months a lead can still be kept in, and the
 * subscriptions of every month. A handful of Queries on one partition each, however many records there are.
 */
import { ANSWER_PROMISE_HOURS } from '@shared/contract/lead-answer';
import {
  DEMO_WEEKS_AHEAD,
  OVERDUE_DAYS,
  OVERVIEW_DAYS,
  OVERVIEW_WEEKS,
  URGENT_LEADS_MAX,
  openLeadAgeGroups,
  type AnswerStaff,
  type AnswerWeek,
  type DemosWeek,
  type LeadsDay,
  type Money,
  type OpenLead,
  type OpenLeads,
  type OverviewView,
  type SalesWeek,
} from '@shared/contract/staff-overview';
import { purchaseName } from '../purchases/record';
import { addDays, dayOf, daysFrom, monthOf, weekOf } from './agency-time';
import type { DemoDaySummary } from './demos';
import { answerMinutes, parseOpenLine, type LeadDaySummary, type OpenSummary } from './leads';
import type { FigureReader } from './ports';
import type { SaleDaySummary, SubscriptionSummary } from './sales';
import { answerFigures } from './stats';

export interface OverviewDeps {
  readonly store: FigureReader;
  readonly timeZone: string;
  /** Days a lead is kept (SUBMISSION_RETENTION_DAYS): an open lead older than that is gone. */
  readonly retentionDays: number;
  /** The stage's overdue-leads alarm threshold, shown beside the overdue figure. */
  readonly overdueThreshold: number;
  readonly now: Date;
}

/** What the figures read: the summaries and entries of the periods the overview covers. */
export interface OverviewFigures {
  readonly leadDays: readonly { readonly period: string; readonly summary: LeadDaySummary }[];
  /** The open leads still kept, oldest first. */
  readonly open: readonly ReturnType<typeof parseOpenLine>[];
  readonly saleDays: readonly { readonly period: string; readonly summary: SaleDaySummary }[];
  readonly subscriptions: readonly SubscriptionSummary[];
  readonly demoDays: readonly { readonly period: string; readonly summary: DemoDaySummary }[];
}

const HOUR_MS = 3_600_000;

/** The first day the overview covers (its weeks start on a Monday, its days 90 days back). */
function firstDay(today: string): string {
  const weeksFrom = addDays(weekOf(today), -7 * (OVERVIEW_WEEKS - 1));
  const daysFromToday = addDays(today, -(OVERVIEW_DAYS - 1));
  return weeksFrom < daysFromToday ? weeksFrom : daysFromToday;
}

export async function readFigures(deps: Omit<OverviewDeps, 'overdueThreshold'>): Promise<OverviewFigures> {
  const today = dayOf(deps.now, deps.timeZone);
  const from = firstDay(today);
  const oldestKept = dayOf(new Date(deps.now.getTime() - deps.retentionDays * 86_400_000), deps.timeZone);
  const [leadDays, openMonths, saleDays, subscriptionMonths, demoDays] = await Promise.all([
    deps.store.summaries<LeadDaySummary>('leads', from, today),
    deps.store.summaries<OpenSummary>('open', monthOf(oldestKept), monthOf(today)),
    deps.store.summaries<SaleDaySummary>('sales', from, today),
    deps.store.summaries<SubscriptionSummary>('subscriptions', '0000', '9999'),
    deps.store.summaries<DemoDaySummary>('demos', from, addDays(weekOf(today), 7 * (DEMO_WEEKS_AHEAD + 1) - 1)),
  ]);
  const cutoff = deps.now.getTime() - deps.retentionDays * 86_400_000;
  const open = openMonths.flatMap((m) => (m.summary === '' ? [] : m.summary.split('\n').map(parseOpenLine))).filter((o) => Date.parse(o.at) > cutoff);
  return { leadDays, open, saleDays, subscriptions: subscriptionMonths.map((m) => m.summary), demoDays };
}

function openLeads(open: OverviewFigures['open'], now: Date): OpenLeads {
  const leads: OpenLead[] = open
    .map((o) => ({ id: o.id, reference: o.ref, kind: o.kind, receivedAt: o.at, ageHours: Math.floor((now.getTime() - Date.parse(o.at)) / HOUR_MS) }))
    // Oldest first (ISO times and ids compare as plain strings: localeCompare is much slower on thousands).
    .sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const groups = openLeadAgeGroups.map((g, i) => {
    const until = openLeadAgeGroups[i + 1]?.fromHours ?? Number.POSITIVE_INFINITY;
    return { key: g.key, label: g.label, count: leads.filter((l) => l.ageHours >= g.fromHours && l.ageHours < until).length };
  });
  return { total: leads.length, groups, oldest: leads.slice(0, URGENT_LEADS_MAX) };
}

const money = (byCurrency: Readonly<Record<string, number>>): Money[] =>
  Object.entries(byCurrency)
    .filter(([, cents]) => cents !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, cents]) => ({ currency, cents }));

export function composeOverview(figures: OverviewFigures, deps: Omit<OverviewDeps, 'store'>): OverviewView {
  const { now, timeZone } = deps;
  const today = dayOf(now, timeZone);
  const leadDay = new Map(figures.leadDays.map((d) => [d.period, d.summary]));
  const saleDay = new Map(figures.saleDays.map((d) => [d.period, d.summary]));
  const overdueOpenByDay = new Map<string, number>();
  for (const o of figures.open) {
    if (now.getTime() - Date.parse(o.at) >= ANSWER_PROMISE_HOURS * HOUR_MS) overdueOpenByDay.set(o.day, (overdueOpenByDay.get(o.day) ?? 0) + 1);
  }
  // Each day's answer minutes, parsed once: by staff member, all of them, and how many came after 24 hours.
  const minutesOf = new Map<string, Map<string, number[]>>();
  const dayMinutes = new Map<string, number[]>();
  const lateOf = new Map<string, number>();
  for (const [day, summary] of leadDay) {
    const byStaff = new Map(Object.entries(summary.answers).map(([by, text]) => [by, answerMinutes(text)]));
    const all: number[] = [];
    let late = 0;
    for (const minutes of byStaff.values()) {
      for (const m of minutes) {
        all.push(m);
        if (m >= ANSWER_PROMISE_HOURS * 60) late += 1;
      }
    }
    minutesOf.set(day, byStaff);
    dayMinutes.set(day, all);
    lateOf.set(day, late);
  }

  const leadsPerDay: LeadsDay[] = daysFrom(addDays(today, -(OVERVIEW_DAYS - 1)), today).map((day) => {
    const leads = leadDay.get(day)?.leads ?? {};
    return { day, demoRequest: leads.demoRequest ?? 0, contactMessage: leads.contactMessage ?? 0, idea: leads.idea ?? 0 };
  });

  const weeks = Array.from({ length: OVERVIEW_WEEKS }, (_, i) => addDays(weekOf(today), -7 * (OVERVIEW_WEEKS - 1 - i)));
  const answerWeeks: AnswerWeek[] = weeks.map((week) => {
    const days = daysFrom(week, addDays(week, 6));
    const leads = days.reduce((n, d) => n + Object.values(leadDay.get(d)?.leads ?? {}).reduce((a, b) => a + (b ?? 0), 0), 0);
    const minutes: number[] = [];
    for (const d of days) for (const m of dayMinutes.get(d) ?? []) minutes.push(m);
    const overdue = days.reduce((n, d) => n + (overdueOpenByDay.get(d) ?? 0), 0);
    return { week, leads, ...answerFigures(minutes, overdue) };
  });

  const staffMinutes = new Map<string, number[]>();
  for (const day of daysFrom(addDays(today, -(OVERVIEW_DAYS - 1)), today)) {
    for (const [by, minutes] of minutesOf.get(day) ?? []) {
      const all = staffMinutes.get(by) ?? [];
      for (const m of minutes) all.push(m);
      staffMinutes.set(by, all);
    }
  }
  const answerStaff: AnswerStaff[] = [...staffMinutes.entries()]
    .map(([staff, minutes]) => ({ staff, ...answerFigures(minutes) }))
    .sort((a, b) => b.answered - a.answered || a.staff.localeCompare(b.staff));

  const overduePerDay = daysFrom(addDays(today, -(OVERDUE_DAYS - 1)), today).map((day) => ({
    day,
    count: (lateOf.get(day) ?? 0) + (overdueOpenByDay.get(day) ?? 0),
  }));

  const apps = new Set<string>();
  const salesWeeks: SalesWeek[] = weeks.map((week) => {
    const byApp: Record<string, number> = {};
    const revenue: Record<string, number> = {};
    const refunded: Record<string, number> = {};
    let refunds = 0;
    for (const d of daysFrom(week, addDays(week, 6))) {
      const s = saleDay.get(d);
      if (!s) continue;
      for (const [app, n] of Object.entries(s.byApp)) {
        byApp[app] = (byApp[app] ?? 0) + n;
        apps.add(app);
      }
      for (const [c, cents] of Object.entries(s.revenue)) revenue[c] = (revenue[c] ?? 0) + cents;
      for (const [c, cents] of Object.entries(s.refunded)) refunded[c] = (refunded[c] ?? 0) + cents;
      refunds += s.refunds;
    }
    return { week, byApp, revenue: money(revenue), refunds, refunded: money(refunded) };
  });

  const demoDay = new Map(figures.demoDays.map((d) => [d.period, d.summary]));
  const nowIso = now.toISOString();
  const demos: DemosWeek[] = [...weeks, ...Array.from({ length: DEMO_WEEKS_AHEAD }, (_, i) => addDays(weekOf(today), 7 * (i + 1)))].map((week) => {
    let booked = 0;
    let held = 0;
    let cancelled = 0;
    for (const d of daysFrom(week, addDays(week, 6))) {
      const s = demoDay.get(d);
      if (!s) continue;
      const ends = s.ends === '' ? [] : s.ends.split(',');
      booked += ends.length;
      held += ends.filter((end) => end <= nowIso).length;
      cancelled += s.cancelled;
    }
    return { week, booked, held, cancelled };
  });

  const subscriptions = { active: 0, pastDue: 0, cancelled: 0 };
  for (const s of figures.subscriptions) {
    subscriptions.active += s.active;
    subscriptions.pastDue += s.pastDue;
    subscriptions.cancelled += s.cancelled;
  }

  return {
    timeZone,
    today,
    generatedAt: now.toISOString(),
    leadsPerDay,
    answerWeeks,
    answerStaff,
    openLeads: openLeads(figures.open, now),
    overdue: { threshold: deps.overdueThreshold, perDay: overduePerDay },
    sales: { weeks: salesWeeks, apps: [...apps].sort().map((id) => ({ id, name: purchaseName(id) })) },
    subscriptions,
    demos,
  };
}

/** GET /api/staff/overview. */
export async function overview(deps: OverviewDeps): Promise<OverviewView> {
  return composeOverview(await readFigures(deps), deps);
}
