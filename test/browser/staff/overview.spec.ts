/**
 * The overview on seeded data: leads of the last four weeks (open ones of every age, answered ones by two staff
 * members, early and late, a reply recorded, spam), demos (held and cancelled) and purchases (apps, subscriptions, a
 * refund), stored with their figures as the functions keep them. Every figure the page shows, in its charts (what each canvas draws) and in
 * their tables, is the figure of a recount from every record in the stack's tables
 * (test/helpers/overview-recount.ts), at the moment the overview was read. On a phone's width, in both themes, the
 * page scrolls down, never sideways, its charts are drawn in the theme's colours (again when the theme is switched)
 * and, every table open, it passes axe.
 *
 * The stack is the one every browser test shares: its other leads and purchases are in the records, so they are in
 * the recount and must be in the figures too.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { submissionKinds, type HistoryEntry, type LeadStatus, type SubmissionKind } from '@shared/contract/staff-console';
import type { OverviewView } from '@shared/contract/staff-overview';
import { tableEnvName } from '@shared/deployment/manifest';
import { formatAmount } from '@shared/content/money';
import { inboxFields } from '../../../lambdas/domain/submissions/inbox-fields';
import { newSubmission, type LeadRecord, type SubmissionRecord } from '../../../lambdas/domain/submissions/record';
import type { Purchase } from '../../../lambdas/domain/purchases/record';
import { formatDay, formatMinutes, formatShare } from '../../../web/src/features/staff/utils/format';
import { dataOf } from '../../bench/staff/seed';
import { localStack, sdkConfig } from '../../helpers/local-stack';
import { recountOverview } from '../../helpers/overview-recount';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { paidCheckout, recordPurchase } from '../../helpers/purchases';
import { storeTheme, type Theme } from '../site/support';
import { main, signInAsStaff } from './support';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const stack = localStack();
for (const [key, value] of Object.entries(stack.env)) process.env[key] ??= value;
const docs = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }), { marshallOptions: { removeUndefinedValues: true } });
const table = (name: 'submissions' | 'purchases' | 'bookings') => stack.env[tableEnvName(name)] as string;
const HOUR = 3_600_000;
const ana = 'ana@cadence-ai.example';
const ben = 'ben@cadence-ai.example';

/** Seeded leads: [hours ago, status, first answer (minutes after arrival, by whom, a reply or a status)]. */
const leads: readonly [number, LeadStatus, ([number, string, 'reply' | 'status'] | undefined)?][] = [
  [2, 'new'],
  [10, 'inProgress'],
  [21, 'new'],
  [30, 'new'],
  [4 * 24, 'inProgress'],
  [10 * 24, 'new'],
  [3 * 24, 'answered', [30, ana, 'status']],
  [5 * 24, 'answered', [90, ben, 'status']],
  [6 * 24, 'closed', [300, ana, 'status']],
  [9 * 24, 'answered', [1000, ben, 'status']],
  [12 * 24, 'answered', [1500, ana, 'status']],
  [16 * 24, 'closed', [2000, ben, 'status']],
  [20 * 24, 'inProgress', [45, ana, 'reply']],
  [25 * 24, 'spam'],
  [27 * 24, 'spam', [60, ana, 'status']],
];

async function seed() {
  const { figureWriter } = await import('../../../lambdas/data/overview');
  const { recordLead, recordSale } = await Promise.all([import('../../../lambdas/domain/overview/leads'), import('../../../lambdas/domain/overview/sales')]).then(([l, s]) => ({ ...l, ...s }));
  const figures = { store: figureWriter, timeZone: stack.env.AGENCY_TIME_ZONE as string };
  const now = Date.now();
  for (const [i, [hoursAgo, status, answer]] of leads.entries()) {
    const kind = submissionKinds[i % 3]?.value as SubmissionKind;
    const at = new Date(now - hoursAgo * HOUR);
    const data = dataOf(kind, 900 + i, at);
    const summary = { name: `Overview Lead ${i}`, email: `overview-${i}@example.com`, organisation: 'Seeded', text: '' };
    const stored = newSubmission({ id: randomUUID(), kind, data, files: [], targets: [], now: at, lead: summary, retentionDays: 30 });
    const history: HistoryEntry[] = answer
      ? [{ at: new Date(at.getTime() + answer[0] * 60_000).toISOString(), by: answer[1], ...(answer[2] === 'reply' ? { action: 'reply' as const } : { action: 'status' as const, from: 'new' as const, to: status }) }]
      : [];
    const { leasedUntil: _lease, ...rest } = stored;
    const record = { ...rest, ...inboxFields({ id: stored.id, kind, createdAt: stored.createdAt, status, lead: summary }), history } as SubmissionRecord<unknown> as LeadRecord;
    await docs.send(new PutCommand({ TableName: table('submissions'), Item: record }));
    await recordLead(figures, record);
  }
  // Demos of earlier weeks: two held, one cancelled (the booking rules' records, and their figures as they keep them).
  const { bookingsTable } = await import('../../../lambdas/data/bookings');
  const { recordDemo } = await import('../../../lambdas/domain/overview/demos');
  for (const [n, [daysAgo, state]] of ([[6, 'booked'], [13, 'booked'], [9, 'cancelled']] as const).entries()) {
    const start = new Date(now - daysAgo * 24 * HOUR);
    const at = new Date(start.getTime() - 3 * 24 * HOUR).toISOString();
    const booking = {
      requestId: randomUUID(),
      state,
      start: start.toISOString(),
      end: new Date(start.getTime() + 45 * 60_000).toISOString(),
      seats: [`slot#${start.toISOString()}#overview-${n}`],
      emailSeat: `email#overview#${n}`,
      sequence: 0,
      uid: `overview-${n}@cadence-ai.example`,
      reference: `OVERVIEW-${n}`,
      name: `Overview Demo ${n}`,
      email: `overview-demo-${n}@example.com`,
      company: 'Seeded',
      timeZone: stack.env.AGENCY_TIME_ZONE as string,
      meetingUrl: 'https://meet.cadence-ai.example/demo',
      createdAt: at,
      updatedAt: at,
      history: [{ at, action: 'booked' as const, by: 'visitor', start: start.toISOString() }],
      version: 1,
      expiresAt: Math.floor(start.getTime() / 1000) + 30 * 86_400,
    };
    await bookingsTable.put(booking, undefined);
    await recordDemo(figures, booking);
  }
  const { changeSubscription, findPurchase, markRefunded } = await import('../../../lambdas/data/purchases');
  const token = randomUUID().slice(0, 8);
  const bought: [number, string, 'services' | 'marketplace'][] = [
    [1, 'ai-content-generator', 'marketplace'],
    [3, 'ai-customer-support', 'marketplace'],
    [8, 'ai-agent', 'services'],
    [15, 'ai-agent', 'services'],
    [20, 'ai-system-prompt-generator', 'marketplace'],
  ];
  for (const [n, [daysAgo, appId, type]] of bought.entries()) {
    const sessionId = `cs_test_overview_${token}_${n}`;
    await recordPurchase(paidCheckout(sessionId, `buyer-${token}-${n}@example.com`, { appId, type, amountTotal: type === 'services' ? 49_900 : 3_999 }), new Date(now - daysAgo * 24 * HOUR));
    if (n === 1) await markRefunded(sessionId, 'refund', new Date());
    if (n === 3) await changeSubscription(sessionId, { status: 'cancelled', at: Math.floor(now / 1000) });
    await recordSale(figures, (await findPurchase(sessionId)) as Purchase);
  }
}

async function scan(name: 'submissions' | 'purchases' | 'bookings'): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await docs.send(new ScanCommand({ TableName: table(name), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The overview counted from every record in the stack's tables, at `now`. */
async function recount(now: Date): Promise<OverviewView> {
  const { findPurchase } = await import('../../../lambdas/data/purchases');
  const purchases = (await Promise.all((await scan('purchases')).map((p) => findPurchase(p.sessionId as string)))).filter((p): p is Purchase => p !== undefined);
  const submissions = (await scan('submissions')) as unknown as SubmissionRecord<unknown>[];
  const bookings = (await scan('bookings')).filter((b) => String(b.pk).startsWith('request#')) as { state: string; start: string; end: string }[];
  return recountOverview({ submissions, purchases, bookings, now, timeZone: stack.env.AGENCY_TIME_ZONE as string, retentionDays: Number(stack.env.SUBMISSION_RETENTION_DAYS), threshold: Number(stack.env.OVERDUE_LEADS_ALARM) });
}

/** Opens the overview; answers what its API answered, once that equals a recount at the same moment. */
async function openOverview(page: Page): Promise<OverviewView> {
  let shown: OverviewView | undefined;
  await expect(async () => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/staff/overview') && r.ok());
    await page.goto('/staff');
    shown = (await (await answered).json()) as OverviewView;
    // Other tests' leads may be written meanwhile: read again until the figures and the records agree.
    expect(shown).toEqual(await recount(new Date(shown.generatedAt)));
  }).toPass({ timeout: 45_000, intervals: [500, 1000, 2000] });
  return shown as OverviewView;
}

const section = (page: Page, name: string): Locator => main(page).getByRole('region', { name });

/** A section's table (opened), as the text of each row's cells. */
async function tableRows(page: Page, region: string, caption: RegExp): Promise<string[][]> {
  const area = section(page, region);
  const summary = area.locator('summary', { hasText: caption });
  const details = summary.locator('xpath=..');
  if ((await details.getAttribute('open')) === null) await summary.click();
  const rows = details.getByRole('table').locator('tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
}

/** What a chart draws (its canvas's figures). */
async function chartFigures(page: Page, region: string): Promise<{ labels: string[]; series: { label: string; values: (number | null)[]; line?: boolean }[] }> {
  const canvas = section(page, region).locator('canvas');
  await expect(canvas).toHaveAttribute('data-figures', /labels/);
  expect((await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  return JSON.parse((await canvas.getAttribute('data-figures')) as string);
}

const within = (f: { shareWithin24: number | null; within24: number; judged: number }) => `${formatShare(f.shareWithin24)} (${f.within24} of ${f.judged})`;
const money = (m: readonly { cents: number; currency: string }[]) => (m.length === 0 ? '-' : m.map((x) => formatAmount(x.cents, x.currency)).join(', '));

test.beforeAll(async () => {
  await seed();
});

test('the overview shows, in its charts and tables, the figures of a recount of every record', async ({ page }) => {
  await signInAsStaff(page);
  const view = await openOverview(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  // Leads per day: 30 days, then 90.
  const last30 = view.leadsPerDay.slice(-30);
  expect(await tableRows(page, 'Leads per day', /Leads per day/)).toEqual(last30.map((d) => [formatDay(d.day), String(d.demoRequest), String(d.contactMessage), String(d.idea), String(d.demoRequest + d.contactMessage + d.idea)]));
  expect(await chartFigures(page, 'Leads per day')).toEqual({
    labels: last30.map((d) => formatDay(d.day)),
    series: submissionKinds.map((k) => ({ label: k.label, values: last30.map((d) => d[k.value]) })),
  });
  await section(page, 'Leads per day').getByLabel('Last 90 days').check();
  expect(await tableRows(page, 'Leads per day', /last 90 days/)).toHaveLength(90);
  expect((await chartFigures(page, 'Leads per day')).series[0]?.values).toEqual(view.leadsPerDay.map((d) => d.demoRequest));

  // Open leads: by age, and the oldest by reference.
  expect(await tableRows(page, 'Open leads by age', /Open leads by age/)).toEqual(view.openLeads.groups.map((g) => [g.label, String(g.count)]));
  expect((await chartFigures(page, 'Open leads by age')).series).toEqual([{ label: 'Open leads', values: view.openLeads.groups.map((g) => g.count) }]);
  expect((await tableRows(page, 'Open leads by age', /The oldest open leads/)).map((r) => r[0])).toEqual(view.openLeads.oldest.map((l) => l.reference));
  for (const group of ['close', 'overdue', 'overdue3', 'overdue7']) expect(view.openLeads.groups.find((g) => g.key === group)?.count, group).toBeGreaterThan(0);

  expect(await tableRows(page, 'Leads overdue per day', /Leads overdue per day/)).toEqual(
    view.overdue.perDay.map((d) => [formatDay(d.day), String(d.count), d.count > view.overdue.threshold ? 'Yes' : 'No']),
  );
  expect((await chartFigures(page, 'Leads overdue per day')).series[1]).toEqual({ label: 'Alarm threshold', values: view.overdue.perDay.map(() => view.overdue.threshold), line: true });

  // Time to first answer, per week and per staff member.
  expect(await tableRows(page, 'Time to first answer, per week', /per week/)).toEqual(
    view.answerWeeks.map((w) => [formatDay(w.week), String(w.leads), String(w.answered), formatMinutes(w.medianMinutes), formatMinutes(w.p90Minutes), within(w)]),
  );
  const staffRows = await tableRows(page, 'First answers per staff member, last 90 days', /per staff member/);
  expect(staffRows).toEqual(view.answerStaff.map((s) => [s.staff, String(s.answered), formatMinutes(s.medianMinutes), formatMinutes(s.p90Minutes), within(s)]));
  expect(staffRows.map((r) => r[0])).toEqual(expect.arrayContaining([ana, ben]));

  // Sales per week (a refund taken off) and the subscriptions.
  expect(await tableRows(page, 'Sales per week', /Sales per week/)).toEqual(
    view.sales.weeks.map((w) => [formatDay(w.week), ...view.sales.apps.map((a) => String(w.byApp[a.id] ?? 0)), money(w.revenue), w.refunds === 0 ? '0' : `${w.refunds} (${money(w.refunded)})`]),
  );
  expect(view.sales.weeks.reduce((n, w) => n + w.refunds, 0)).toBeGreaterThan(0);
  expect(await tableRows(page, 'Subscriptions', /Subscriptions by state/)).toEqual([
    ['Active', String(view.subscriptions.active)],
    ['Past due', String(view.subscriptions.pastDue)],
    ['Cancelled', String(view.subscriptions.cancelled)],
  ]);
  expect(view.subscriptions.cancelled).toBeGreaterThan(0);

  // Demos booked and held, per week of the meeting.
  expect(await tableRows(page, 'Demos booked and held', /Demos per week/)).toEqual(view.demos.map((w) => [formatDay(w.week), String(w.booked), String(w.held), String(w.cancelled)]));
  expect((await chartFigures(page, 'Demos booked and held')).series.map((s) => s.values)).toEqual([view.demos.map((w) => w.booked), view.demos.map((w) => w.held), view.demos.map((w) => w.cancelled)]);
  expect(view.demos.reduce((n, w) => n + w.held, 0)).toBeGreaterThanOrEqual(2);
});

/** The colour a chart token has on the page now (#rrggbb). */
const tokenOf = (canvas: Locator, name: string): Promise<string> => canvas.evaluate((el, token) => getComputedStyle(el).getPropertyValue(token).trim(), name);

/** Whether `canvas` has pixels painted in the colour `hex`. */
function paintedIn(canvas: Locator, hex: string): Promise<boolean> {
  return canvas.evaluate((el, colour) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    const c = el as HTMLCanvasElement;
    const pixels = (c.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] === r && pixels[i + 1] === g && pixels[i + 2] === b && pixels[i + 3] === 255) return true;
    return false;
  }, hex);
}

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`on a 360 px wide screen, ${theme} theme: charts in the theme's colours within the screen, every table open passes axe`, async ({ page }) => {
    await storeTheme(page, theme);
    await signInAsStaff(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/staff');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const openLeads = section(page, 'Open leads by age').locator('canvas');
    await expect(openLeads).toHaveAttribute('data-figures', /labels/);
    const colour = await tokenOf(openLeads, '--chart-1');
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    await expect.poll(() => paintedIn(openLeads, colour)).toBe(true);

    const closed = main(page).locator('details:not([open]) > summary');
    expect(await closed.count()).toBeGreaterThan(5);
    while ((await closed.count()) > 0) await closed.first().click();
    for (const canvas of await main(page).locator('canvas').all()) {
      const box = await canvas.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);

    // The other theme: the charts are drawn again, in its colours only.
    const other = theme === 'dark' ? 'light' : 'dark';
    await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', other);
    const otherColour = await tokenOf(openLeads, '--chart-1');
    expect(otherColour).not.toBe(colour);
    await expect.poll(() => paintedIn(openLeads, otherColour)).toBe(true);
    expect(await paintedIn(openLeads, colour)).toBe(false);
  });
}
