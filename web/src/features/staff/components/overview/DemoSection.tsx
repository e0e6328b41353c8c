/** Booked demos (issue 41) per week of the meeting: booked (not cancelled), held (over), cancelled; three weeks ahead too. */
import { useMemo } from 'react';
import type { OverviewView } from '@shared/contract/staff-overview';
import { formatDay } from '../../utils/format';
import { FigureChart } from './FigureChart';
import { FigureTable } from './FigureTable';

export function DemosPerWeek({ demos }: { demos: OverviewView['demos'] }) {
  const series = useMemo(
    () => [
      { label: 'Booked', values: demos.map((w) => w.booked) },
      { label: 'Held', values: demos.map((w) => w.held) },
      { label: 'Cancelled', values: demos.map((w) => w.cancelled) },
    ],
    [demos],
  );
  return (
    <section className="staff-section" aria-labelledby="demos-weeks">
      <h2 id="demos-weeks">Demos booked and held</h2>
      <p>By the week of the meeting, three weeks ahead included. Booked: not cancelled; held: its time is over.</p>
      <FigureChart label="Demos per week: booked, held, cancelled" labels={demos.map((w) => `Week of ${formatDay(w.week)}`)} series={series} unit="Demos" />
      <FigureTable
        caption="Demos per week"
        columns={['Week of', 'Booked', 'Held', 'Cancelled']}
        rows={demos.map((w) => [<time key="week" dateTime={w.week}>{formatDay(w.week)}</time>, w.booked, w.held, w.cancelled])}
      />
    </section>
  );
}
