/**
 * Time to first answer (shared/contract/lead-answer.ts): per week of arrival (median, 90th percentile, the share
 * answered within 24 hours) and per staff member over the last 90 days.
 */
import { useMemo } from 'react';
import type { AnswerFigures, OverviewView } from '@shared/contract/staff-overview';
import { formatDay, formatMinutes, formatShare } from '../../utils/format';
import { FigureChart } from './FigureChart';
import { FigureTable } from './FigureTable';

const hours = (minutes: number | null) => (minutes === null ? null : Math.round((minutes / 60) * 10) / 10);
const within = (f: AnswerFigures) => `${formatShare(f.shareWithin24)} (${f.within24} of ${f.judged})`;

export function AnswersPerWeek({ weeks }: { weeks: OverviewView['answerWeeks'] }) {
  const series = useMemo(
    () => [
      { label: 'Median', values: weeks.map((w) => hours(w.medianMinutes)) },
      { label: '90th percentile', values: weeks.map((w) => hours(w.p90Minutes)), line: true },
    ],
    [weeks],
  );
  return (
    <section className="staff-section" aria-labelledby="answer-weeks">
      <h2 id="answer-weeks">Time to first answer, per week</h2>
      <p>By the week the leads arrived (Monday to Sunday). Answered: the status Answered or Closed, or a reply recorded.</p>
      <FigureChart label="Hours to first answer per week: median and 90th percentile" labels={weeks.map((w) => `Week of ${formatDay(w.week)}`)} series={series} unit="Hours" />
      <FigureTable
        caption="Time to first answer per week"
        columns={['Week of', 'Leads', 'Answered', 'Median', '90th percentile', 'Within 24 hours']}
        rows={weeks.map((w) => [<time key="week" dateTime={w.week}>{formatDay(w.week)}</time>, w.leads, w.answered, formatMinutes(w.medianMinutes), formatMinutes(w.p90Minutes), within(w)])}
      />
    </section>
  );
}

export function AnswersPerStaff({ staff }: { staff: OverviewView['answerStaff'] }) {
  const series = useMemo(() => [{ label: 'First answers', values: staff.map((s) => s.answered) }], [staff]);
  return (
    <section className="staff-section" aria-labelledby="answer-staff">
      <h2 id="answer-staff">First answers per staff member, last 90 days</h2>
      {staff.length === 0 ? (
        <p className="staff-empty">No lead of the last 90 days has a recorded answer yet.</p>
      ) : (
        <>
          <FigureChart label="First answers per staff member, last 90 days" labels={staff.map((s) => s.staff)} series={series} unit="Leads" />
          <FigureTable
            caption="First answers per staff member, last 90 days"
            columns={['Staff member', 'First answers', 'Median', '90th percentile', 'Within 24 hours']}
            rows={staff.map((s) => [s.staff, s.answered, formatMinutes(s.medianMinutes), formatMinutes(s.p90Minutes), within(s)])}
          />
        </>
      )}
    </section>
  );
}
