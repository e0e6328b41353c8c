/** The console's own navigation: the overview (its first screen), the leads inbox, the demo calendar and a person's data. */
import { NavLink } from 'react-router-dom';
import { pages } from '@shared/content/site';

export function StaffNav() {
  return (
    <nav className="staff-nav" aria-label="Staff console">
      <NavLink to={pages.staff.path} end>
        Overview
      </NavLink>
      <NavLink to={pages.staffInbox.path}>Leads inbox</NavLink>
      <NavLink to={pages.staffCalendar.path}>Demo calendar</NavLink>
      <NavLink to={pages.staffPeople.path}>A person&apos;s data</NavLink>
    </nav>
  );
}
