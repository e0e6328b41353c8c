/**
 * The overview counted the slow way: from every stored record, read whole, with none of the kept figures' code
 * (lambdas/domain/overview). What the overview answers from its figures must equal this. Only "answered" is the
 * shared definition (shared/contract/lead-answer.ts), as it must be: it is what the figures count.
 */
import { leadAnswer } from '@shared/contract/lead-answer';
import { openLeadAgeGroups, type OverviewView } from '@shared/contract/staff-overview';
import type { SubmissionKind } from '@shared/contract/staff-console';
import { purchaseName, type Purchase } from '../../lambdas/domain/purchases/record';
import type { SubmissionRecord } from '../../lambdas/domain/submissions/record';

const HOUR = 3_600_000;
const leadKinds: readonly string[] = ['demoRequest', 'contactMessage', 'idea'];

export interface RecountInput {
  readonly submissions: readonly SubmissionRecord<unknown>[];
  readonly purchases: readonly Purchase[];
  /** Every booked demo still stored (an erased person's are gone). */
  readonly bookings: readonly { readonly state: string; readonly start: string; readonly end: string }[];
  readonly now: Date;
  readonly timeZone: string;
  readonly retentionDays: number;
  readonly threshold: number;
}

export function recountOverview(input: RecountInput): OverviewView {
  const { now, timeZone } = input;
  const dayOf = (at: string | Date) => new Date(at).toLocaleDateString('en-CA', { timeZone });
  const shift = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const monday = (day: string) => shift(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));
  const today = dayOf(now);
  const lastDays = (n: number) => Array.from({ length: n }, (_, i) => shift(today, i - n + 1));
  const weeks = Array.from({ length: 13 }, (_, i) => shift(monday(today), 7 * (i - 12)));
  const weekDays = (week: string) => new Set(Array.from({ length: 7 }, (_, i) => shift(week, i)));
  const nearestRank = (sorted: number[], p: number) => (sorted.length === 0 ? null : (sorted[Math.ceil((p / 100) * sorted.length) - 1] as number));

  // Every lead still stored, that is not spam (an erased person's leads are gone from the table).
  const leads = input.submissions
    .filter((r) => leadKinds.includes(r.kind) && r.summary !== undefined && r.status !== 'spam')
    .map((r) => {
      const answer = leadAnswer(r);
      const minutes = answer?.at && answer.by ? Math.max(0, Math.floor((Date.parse(answer.at) - Date.parse(r.createdAt)) / 60_000)) : undefined;
      const ageHours = Math.floor((now.getTime() - Date.parse(r.createdAt)) / HOUR);
      return { r, day: dayOf(r.createdAt), answered: answer !== undefined, minutes, by: answer?.by, ageHours };
    });
  const open = leads.filter((l) => !l.answered && Date.parse(l.r.createdAt) > now.getTime() - input.retentionDays * 86_400_000);
  const overdueOpen = (l: (typeof leads)[number]) => !l.answered && l.ageHours >= 24;

  const figures = (minutes: number[], overdue: number) => {
    const sorted = [...minutes].sort((a, b) => a - b);
    const within24 = sorted.filter((m) => m < 24 * 60).length;
    const judged = sorted.length + overdue;
    return { answered: sorted.length, medianMinutes: nearestRank(sorted, 50), p90Minutes: nearestRank(sorted, 90), within24, judged, shareWithin24: judged === 0 ? null : within24 / judged };
  };

  const last90 = new Set(lastDays(90));
  const staff = new Map<string, number[]>();
  for (const l of leads) if (l.minutes !== undefined && l.by && last90.has(l.day)) staff.set(l.by, [...(staff.get(l.by) ?? []), l.minutes]);

  const sales = input.purchases;
  const apps = new Set<string>();
  const money = (pairs: [string, number][]) => {
    const sums = new Map<string, number>();
    for (const [c, n] of pairs) sums.set(c, (sums.get(c) ?? 0) + n);
    return [...sums].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)).map(([currency, cents]) => ({ currency, cents }));
  };

  const openSorted = open
    .map((l) => ({ id: l.r.id, reference: l.r.reference ?? '', kind: l.r.kind as SubmissionKind, receivedAt: l.r.createdAt, ageHours: l.ageHours }))
    .sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const salesWeeks = weeks.map((week) => {
    const inWeek = sales.filter((p) => weekDays(week).has(dayOf(p.createdAt)));
    const kept = inWeek.filter((p) => p.status !== 'refunded');
    const refunded = inWeek.filter((p) => p.status === 'refunded');
    const byApp: Record<string, number> = {};
    for (const p of kept) {
      byApp[p.appId] = (byApp[p.appId] ?? 0) + 1;
      apps.add(p.appId);
    }
    const cents = (p: Purchase): [string, number] => [(p.currency ?? 'usd').toLowerCase(), p.amountTotal ?? 0];
    return { week, byApp, revenue: money(kept.map(cents)), refunds: refunded.length, refunded: money(refunded.map(cents)) };
  });

  const demoWeeks = [...weeks, ...[1, 2, 3].map((i) => shift(monday(today), 7 * i))];
  const demos = demoWeeks.map((week) => {
    const inWeek = input.bookings.filter((b) => weekDays(week).has(dayOf(b.start)));
    const booked = inWeek.filter((b) => b.state === 'booked');
    return { week, booked: booked.length, held: booked.filter((b) => Date.parse(b.end) <= now.getTime()).length, cancelled: inWeek.filter((b) => b.state === 'cancelled').length };
  });

  return {
    timeZone,
    today,
    generatedAt: now.toISOString(),
    leadsPerDay: lastDays(90).map((day) => {
      const of = (kind: string) => leads.filter((l) => l.day === day && l.r.kind === kind).length;
      return { day, demoRequest: of('demoRequest'), contactMessage: of('contactMessage'), idea: of('idea') };
    }),
    answerWeeks: weeks.map((week) => {
      const inWeek = leads.filter((l) => weekDays(week).has(l.day));
      return { week, leads: inWeek.length, ...figures(inWeek.flatMap((l) => (l.minutes === undefined ? [] : [l.minutes])), inWeek.filter(overdueOpen).length) };
    }),
    answerStaff: [...staff].map(([who, minutes]) => ({ staff: who, ...figures(minutes, 0) })).sort((a, b) => b.answered - a.answered || a.staff.localeCompare(b.staff)),
    openLeads: {
      total: openSorted.length,
      groups: openLeadAgeGroups.map((g, i) => ({ key: g.key, label: g.label, count: openSorted.filter((o) => o.ageHours >= g.fromHours && o.ageHours < (openLeadAgeGroups[i + 1]?.fromHours ?? Infinity)).length })),
      oldest: openSorted.slice(0, 25),
    },
    overdue: {
      threshold: input.threshold,
      perDay: lastDays(30).map((day) => ({ day, count: leads.filter((l) => l.day === day && ((l.minutes !== undefined && l.minutes >= 24 * 60) || overdueOpen(l))).length })),
    },
    sales: { weeks: salesWeeks, apps: [...apps].sort().map((id) => ({ id, name: purchaseName(id) })) },
    subscriptions: {
      active: sales.filter((p) => p.type === 'services' && (p.subscriptionStatus ?? 'active') === 'active').length,
      pastDue: sales.filter((p) => p.type === 'services' && p.subscriptionStatus === 'pastDue').length,
      cancelled: sales.filter((p) => p.type === 'services' && p.subscriptionStatus === 'cancelled').length,
    },
    demos,
  };
}
