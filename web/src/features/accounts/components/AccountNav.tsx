/**
 * The header's account links: 'Sign In' (/auth) when signed out, 'My Profile' (/profile) and 'Sign Out' when
 * signed in, and 'Staff' (/staff, the staff console) for members of the staff group. It reads the small auth store
 * only; the sign-out code is fetched when the button is pressed, so no page's first load carries Amplify. Loaded
 * by AccountLinks.tsx only for a visitor who is, or may be, signed in.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { toast } from '../../../lib/toast';
import { useAuthStore } from '../stores/auth';
import { authErrorMessage } from '../utils/auth-errors';
import { SignInLink } from './SignInLink';

export default function AccountNav({ onNavigate }: { onNavigate?: () => void }) {
  const status = useAuthStore((s) => s.status);
  const staff = useAuthStore((s) => s.user?.groups.includes(STAFF_GROUP) ?? false);
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function onSignOut() {
    setSigningOut(true);
    try {
      const { signOutEverywhere } = await import('../api/auth-actions');
      try {
        await signOutEverywhere(() => {
          onNavigate?.();
          return navigate('/');
        });
      } catch (error) {
        toast({ title: authErrorMessage(error, 'Error signing out'), variant: 'destructive' });
        return;
      }
      toast({ title: 'You have been logged out successfully' });
    } catch {
      toast({ title: 'Error signing out', variant: 'destructive' });
    } finally {
      setSigningOut(false);
    }
  }

  if (status === 'signedIn') {
    return (
      <>
        {staff ? (
          <Link to="/staff" onClick={onNavigate}>
            Staff
          </Link>
        ) : null}
        <Link to="/profile" onClick={onNavigate}>
          My Profile
        </Link>
        <button type="button" onClick={() => void onSignOut()} disabled={signingOut}>
          Sign Out
        </button>
      </>
    );
  }
  // While the session check runs the header shows Sign In (the likelier state), so nothing shifts for most visitors.
  return <SignInLink onNavigate={onNavigate} />;
}
