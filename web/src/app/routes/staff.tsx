/**
 * The staff console's screens, each inside the staff gate (./staff-gate.tsx: staff only, and their query client):
 * /staff (the overview, its first screen), /staff/inbox (the leads inbox), /staff/submission?id=... (one
 * submission) and /staff/people (a person's data). One module, loaded only when a staff screen is opened: the
 * marketing pages never load it (nor its charts).
 */
import { CalendarPage } from '../../features/staff/pages/CalendarPage';
import { InboxPage } from '../../features/staff/pages/InboxPage';
import { OverviewPage } from '../../features/staff/pages/OverviewPage';
import { PeoplePage } from '../../features/staff/pages/PeoplePage';
import { SubmissionPage } from '../../features/staff/pages/SubmissionPage';
import { StaffGate } from './staff-gate';

export function StaffOverviewRoute() {
  return (
    <StaffGate>
      <OverviewPage />
    </StaffGate>
  );
}

export function StaffInboxRoute() {
  return (
    <StaffGate>
      <InboxPage />
    </StaffGate>
  );
}

export function StaffSubmissionRoute() {
  return (
    <StaffGate>
      <SubmissionPage />
    </StaffGate>
  );
}

export function StaffPeopleRoute() {
  return (
    <StaffGate>
      <PeoplePage />
    </StaffGate>
  );
}

export function StaffCalendarRoute() {
  return (
    <StaffGate>
      <CalendarPage />
    </StaffGate>
  );
}
