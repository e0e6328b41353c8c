/**
 * Placeholder: the header's account links. The accounts issue replaces this with the signed-in/signed-out
 * switch (Sign In link, or My Profile and Sign Out) driven by the auth store.
 */
import { Link } from 'react-router-dom';

export default function AccountNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/auth" onClick={onNavigate}>
      Sign In
    </Link>
  );
}
