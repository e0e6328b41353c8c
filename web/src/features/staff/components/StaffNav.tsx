/** The console's own navigation: the inbox, the demo calendar and a person's data. */
import { NavLink } from 'react-router-dom';

export function StaffNav() {
  return (
    <nav className="staff-nav" aria-label="Staff console">
      <NavLink to="/staff" end>
        Leads inbox
      </NavLink>
      <NavLink to="/staff/calendar">Demo calendar</NavLink>
      <NavLink to="/staff/people">A person&apos;s data</NavLink>
    </nav>
  );
}
