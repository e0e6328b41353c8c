/** The header's account link for a visitor who is not signed in (and, while the session check runs, for everyone). */
import { Link } from 'react-router-dom';

export function SignInLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/auth" onClick={onNavigate}>
      Sign In
    </Link>
  );
}
