/**
 * The staff console's three screens, each inside the staff gate (./staff-gate.tsx: staff only, and their query
 * client): /staff (the leads inbox), /staff/submission?id=... (one submission) and /staff/people (a person's
 * data). One module, loaded only when a staff screen is opened: the marketing pages never load it.
 */
import { CalendarPage } from '../../features/staff/pages/CalendarPage';
import { InboxPage } from '../../features/staff/pages/InboxPage';
import { PeoplePage } from '../../features/staff/pages/PeoplePage';
import { SubmissionPage } from '../../features/staff/pages/SubmissionPage';
import { StaffGate } from './staff-gate';

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
