/** What sold: sales per week by app with the revenue (refunds taken off), and the subscriptions in each state. */
import { useMemo } from 'react';
import { formatAmount } from '@shared/content/money';
import type { Money, OverviewView } from '@shared/contract/staff-overview';
import { formatDay } from '../../utils/format';
import { FigureChart } from './FigureChart';
import { FigureTable } from './FigureTable';

const amounts = (money: readonly Money[]) => (money.length === 0 ? '-' : money.map((m) => formatAmount(m.cents, m.currency)).join(', '));

export function SalesPerWeek({ sales }: { sales: OverviewView['sales'] }) {
  const series = useMemo(() => sales.apps.map((app) => ({ label: app.name, values: sales.weeks.map((w) => w.byApp[app.id] ?? 0) })), [sales]);
  return (
    <section className="staff-section" aria-labelledby="sales-weeks">
      <h2 id="sales-weeks">Sales per week</h2>
      <p>By the week of the purchase. A refunded sale (or a dispute lost) leaves its week's sales and revenue.</p>
      <FigureChart label="Sales per week by app" labels={sales.weeks.map((w) => `Week of ${formatDay(w.week)}`)} series={series} stacked unit="Sales" />
      <FigureTable
        caption="Sales per week by app"
        columns={['Week of', ...sales.apps.map((a) => a.name), 'Revenue', 'Refunds']}
        rows={sales.weeks.map((w) => [
          <time key="week" dateTime={w.week}>{formatDay(w.week)}</time>,
          ...sales.apps.map((a) => w.byApp[a.id] ?? 0),
          amounts(w.revenue),
          w.refunds === 0 ? '0' : `${w.refunds} (${amounts(w.refunded)})`,
        ])}
      />
    </section>
  );
}

export function Subscriptions({ subscriptions }: { subscriptions: OverviewView['subscriptions'] }) {
  const states = [
    ['Active', subscriptions.active],
    ['Past due', subscriptions.pastDue],
    ['Cancelled', subscriptions.cancelled],
  ] as const;
  const series = useMemo(() => [{ label: 'Subscriptions', values: [subscriptions.active, subscriptions.pastDue, subscriptions.cancelled] }], [subscriptions]);
  return (
    <section className="staff-section" aria-labelledby="subscriptions">
      <h2 id="subscriptions">Subscriptions</h2>
      <p>The AI agent package&apos;s subscriptions in each state now. Past due: a renewal payment failed.</p>
      <FigureChart label="Subscriptions by state" labels={states.map(([s]) => s)} series={series} unit="Subscriptions" />
      <FigureTable caption="Subscriptions by state" columns={['State', 'Subscriptions']} rows={states.map(([s, n]) => [s, n])} />
    </section>
  );
}
