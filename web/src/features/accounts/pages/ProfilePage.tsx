/**
 * /profile (signed-in users only, else redirected to /auth once the session check has answered): loading state,
 * then the username form, e-mail, member-since date (the profile's created_at), the change-password form and
 * Sign Out (global, back to /).
 */
import { Button, Heading } from '@aws-amplify/ui-react';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useProfile } from '../api/get-profile';
import { AccountNotice } from '../components/AccountNotice';
import { useAuthStore, type AuthUser } from '../stores/auth';
import { startSession } from '../utils/start-session';
import { PasswordChangeForm } from '../components/PasswordChangeForm';
import { ProfileDetails } from '../components/ProfileDetails';
import { SignOutSection } from '../components/SignOutSection';
import '../../../styles/amplify.css';
import '../accounts.css';

function Loading() {
  return (
    <main id="main" className="container page account-page">
      <output className="account-loading">Loading...</output>
    </main>
  );
}

/** What the app layer adds to the profile of a signed-in user (the marketplace's "My purchases"). */
type ProfileExtra = (user: AuthUser) => ReactNode;

export default function ProfilePage({ purchases }: { purchases?: ProfileExtra }) {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const leaving = useAuthStore((s) => s.leaving);

  useEffect(() => {
    void startSession();
    // A visit that starts after an earlier sign-out is a normal visit: signed out means off to /auth.
    const state = useAuthStore.getState();
    if (state.leaving && state.status !== 'signedIn') state.endLeaving();
  }, []);

  if (status === 'loading') return <Loading />;
  // Signing out from here: the navigation to / is on its way; render nothing rather than redirect to /auth.
  if (status === 'signedOut' && leaving) return null;
  if (status === 'signedOut' || !user) return <Navigate to="/auth" replace />;
  // Keyed by user: another user's sign-in in this tab starts from an empty screen, never the previous profile.
  return <ProfileContent key={user.sub} user={user} purchases={purchases} />;
}

function ProfileContent({ user, purchases }: { user: AuthUser; purchases: ProfileExtra | undefined }) {
  // Passing failures are retried (the spec's 3 retries) while 'Loading...' stays; a profile read in the last 5
  // minutes shows at once, without 'Loading...'; leaving the page cancels the read.
  const profile = useProfile(user.sub);
  const { error, errorUpdatedAt, isFetching } = profile;

  useEffect(() => {
    // Once per failed read: not for an earlier failure whose read is being asked again (coming back, Try again).
    if (!error || isFetching) return;
    // The fallback names what failed; the server's message (if any) says why.
    toast({
      title: 'Error loading profile',
      ...(error instanceof ApiError && error.serverMessage ? { description: error.serverMessage } : {}),
      variant: 'destructive',
    });
  }, [error, errorUpdatedAt, isFetching]);

  return (
    <main id="main" className="container page account-page">
      <div className="account-stack">
        <Heading level={1}>My Profile</Heading>
        {profile.data ? (
          <ProfileDetails user={user} profile={profile.data} />
        ) : profile.isError && !profile.isFetching ? (
          <AccountNotice
            tone="error"
            action={
              <Button size="small" onClick={() => void profile.refetch()}>
                Try again
              </Button>
            }
          >
            Your profile could not be loaded.
          </AccountNotice>
        ) : (
          <output className="account-loading">Loading...</output>
        )}
        {purchases?.(user)}
        <PasswordChangeForm />
        <SignOutSection />
      </div>
    </main>
  );
}
