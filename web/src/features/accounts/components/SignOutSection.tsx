/** Sign Out (global, back to /) and the link home, under the profile. */
import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { signOutEverywhere } from '../api/auth-actions';
import { authErrorMessage } from '../utils/auth-errors';

export function SignOutSection() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onSignOut() {
    setBusy(true);
    try {
      await signOutEverywhere(() => navigate('/'));
      toast({ title: 'You have been logged out successfully' });
    } catch (error) {
      toast({ title: authErrorMessage(error, 'Error signing out'), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <div className="account-actions">
      <Button onClick={() => void onSignOut()} isDisabled={busy}>
        {busy ? 'Signing out...' : 'Sign Out'}
      </Button>
      <Link to="/">Back to Home</Link>
    </div>
  );
}
