/**
 * The staff console's screens, each inside the staff gate (./staff-gate.tsx: staff only, and their query client):
 * /staff (the overview, its first screen), /staff/inbox (the leads inbox), /staff/submission?id=... (one
 * submission), /staff/people (a person's data) and /staff/calendar. This module, loaded only when a staff screen is
 * opened, holds the gate; each screen's own code loads once the gate lets a member of the staff in, so a visitor
 * sent to sign in loads none of them, and each screen loads only its own (the overview alone its charts).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { StaffGate } from './staff-gate';

function gated(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(async () => ({ default: await load() }));
  return function StaffScreen() {
    return (
      <StaffGate>
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </StaffGate>
    );
  };
}

export const StaffOverviewRoute = gated(() => import('../../features/staff/pages/OverviewPage').then((m) => m.OverviewPage));
export const StaffInboxRoute = gated(() => import('../../features/staff/pages/InboxPage').then((m) => m.InboxPage));
export const StaffSubmissionRoute = gated(() => import('../../features/staff/pages/SubmissionPage').then((m) => m.SubmissionPage));
export const StaffPeopleRoute = gated(() => import('../../features/staff/pages/PeoplePage').then((m) => m.PeoplePage));
export const StaffCalendarRoute = gated(() => import('../../features/staff/pages/CalendarPage').then((m) => m.CalendarPage));
