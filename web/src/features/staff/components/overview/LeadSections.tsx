/**
 * The overview's lead figures: leads per day by kind (30 or 90 days), the open leads by age with the oldest listed
 * first (past 24 hours, then close to it), and the leads per day that went 24 hours without an answer beside the
 * stage's alarm threshold.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { pages } from '@shared/content/site';
import { kindLabel, submissionKinds } from '@shared/contract/staff-console';
import type { OverviewView } from '@shared/contract/staff-overview';
import { formatDay, formatTime } from '../../utils/format';
import { FigureChart } from './FigureChart';
import { FigureTable } from './FigureTable';

export function LeadsPerDay({ days }: { days: OverviewView['leadsPerDay'] }) {
  const [range, setRange] = useState<30 | 90>(30);
  const shown = useMemo(() => days.slice(-range), [days, range]);
  const series = useMemo(() => submissionKinds.map((k) => ({ label: k.label, values: shown.map((d) => d[k.value]) })), [shown]);
  const total = shown.reduce((n, d) => n + d.demoRequest + d.contactMessage + d.idea, 0);
  return (
    <section className="staff-section" aria-labelledby="leads-per-day">
      <h2 id="leads-per-day">Leads per day</h2>
      <fieldset className="staff-range">
        <legend>Days shown</legend>
        {([30, 90] as const).map((n) => (
          <label key={n}>
            <input type="radio" name="leads-range" value={n} checked={range === n} onChange={() => setRange(n)} /> Last {n} days
          </label>
        ))}
      </fieldset>
      <p>
        <strong>{total}</strong> leads in the last {range} days (spam and erased people not counted).
      </p>
      <FigureChart label={`Leads per day by kind, last ${range} days`} labels={shown.map((d) => formatDay(d.day))} series={series} stacked unit="Leads" />
      <FigureTable
        caption={`Leads per day by kind, last ${range} days`}
        columns={['Day', ...submissionKinds.map((k) => k.label), 'All']}
        rows={shown.map((d) => [<time key="day" dateTime={d.day}>{formatDay(d.day)}</time>, d.demoRequest, d.contactMessage, d.idea, d.demoRequest + d.contactMessage + d.idea])}
      />
    </section>
  );
}

export function OpenLeadsByAge({ open }: { open: OverviewView['openLeads'] }) {
  const series = useMemo(() => [{ label: 'Open leads', values: open.groups.map((g) => g.count) }], [open]);
  return (
    <section className="staff-section" aria-labelledby="open-leads">
      <h2 id="open-leads">Open leads by age</h2>
      <p>
        <strong>{open.total}</strong> {open.total === 1 ? 'lead has' : 'leads have'} no answer yet. A reply is promised within 24 hours; the support
        staff are reminded at 20.
      </p>
      <FigureChart label="Open leads by age" labels={open.groups.map((g) => g.label)} series={series} unit="Leads" />
      <FigureTable caption="Open leads by age" columns={['Age', 'Open leads']} rows={open.groups.map((g) => [g.label, g.count])} />
      {open.oldest.length > 0 ? (
        <FigureTable
          open
          caption="The oldest open leads"
          columns={['Reference', 'Kind', 'Received', 'Waiting']}
          rows={open.oldest.map((l) => [
            <Link key="reference" to={`${pages.staffSubmission.path}?id=${encodeURIComponent(l.id)}`}>
              {l.reference}
            </Link>,
            kindLabel(l.kind),
            <time key="received" dateTime={l.receivedAt}>
              {formatTime(l.receivedAt)}
            </time>,
            `${l.ageHours} h${l.ageHours >= 24 ? ' (overdue)' : l.ageHours >= 20 ? ' (close)' : ''}`,
          ])}
        />
      ) : null}
    </section>
  );
}

export function OverduePerDay({ overdue }: { overdue: OverviewView['overdue'] }) {
  const series = useMemo(
    () => [
      { label: 'Overdue leads', values: overdue.perDay.map((d) => d.count) },
      { label: 'Alarm threshold', values: overdue.perDay.map(() => overdue.threshold), line: true },
    ],
    [overdue],
  );
  return (
    <section className="staff-section" aria-labelledby="overdue-leads">
      <h2 id="overdue-leads">Leads overdue per day</h2>
      <p>
        Leads that went 24 hours without an answer, by the day they arrived. The leads-overdue alarm fires when more than <strong>{overdue.threshold}</strong> go
        overdue within a day.
      </p>
      <FigureChart label="Leads overdue per day, last 30 days" labels={overdue.perDay.map((d) => formatDay(d.day))} series={series} unit="Leads" />
      <FigureTable
        caption="Leads overdue per day, last 30 days"
        columns={['Day', 'Overdue leads', 'Over the threshold']}
        rows={overdue.perDay.map((d) => [<time key="day" dateTime={d.day}>{formatDay(d.day)}</time>, d.count, d.count > overdue.threshold ? 'Yes' : 'No'])}
      />
    </section>
  );
}
