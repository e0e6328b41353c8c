/**
 * /staff, the console's first screen: the business at a glance. Leads per day, the open leads by age (the oldest
 * first), the leads that went 24 hours without an answer, time to first answer per week and per staff member, the
 * demos booked and held, sales per week and the subscriptions. Every figure comes from GET /api/staff/overview
 * (kept up to date as records are written); each chart has its figures as a table. What each figure means:
 * docs/staff.md.
 */
import { toastMessage } from '../../../lib/api';
import { useOverview } from '../api/get-overview';
import { AnswersPerStaff, AnswersPerWeek } from '../components/overview/AnswerSections';
import { DemosPerWeek } from '../components/overview/DemoSection';
import { LeadsPerDay, OpenLeadsByAge, OverduePerDay } from '../components/overview/LeadSections';
import { SalesPerWeek, Subscriptions } from '../components/overview/SalesSections';
import { StaffNav } from '../components/StaffNav';
import { formatTime } from '../utils/format';
import '../staff.css';

export function OverviewPage() {
  const overview = useOverview();
  const view = overview.data;
  return (
    <main id="main" className="container page staff-page">
      <StaffNav />
      <h1>Overview</h1>
      {overview.isPending ? <output>Loading...</output> : null}
      {overview.isError ? <p>{toastMessage(overview.error, 'The overview could not be loaded. Please try again.')}</p> : null}
      {view ? (
        <>
          <p className="staff-muted">
            Figures as of <time dateTime={view.generatedAt}>{formatTime(view.generatedAt)}</time>; days and weeks in the agency&apos;s time zone ({view.timeZone}).
          </p>
          <div className="staff-overview">
            <OpenLeadsByAge open={view.openLeads} />
            <LeadsPerDay days={view.leadsPerDay} />
            <OverduePerDay overdue={view.overdue} />
            <AnswersPerWeek weeks={view.answerWeeks} />
            <AnswersPerStaff staff={view.answerStaff} />
            <DemosPerWeek demos={view.demos} />
            <SalesPerWeek sales={view.sales} />
            <Subscriptions subscriptions={view.subscriptions} />
          </div>
        </>
      ) : null}
    </main>
  );
}
