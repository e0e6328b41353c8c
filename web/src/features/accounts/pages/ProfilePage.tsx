/**
 * /profile (signed-in users only, else redirected to /auth once the session check has answered): loading state,
 * then the username form, e-mail, member-since date (the profile's created_at), the change-password form and
 * Sign Out (global, back to /).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Heading, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { passwordChangeSchema, type PasswordChangeInput } from '@shared/contract/schemas/auth';
import { profileUpdateSchema, type Profile, type ProfileUpdateInput } from '@shared/contract/schemas/profile';
import { ApiError, toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { cachedProfile, changePassword, loadProfile, saveUsername, signOutEverywhere } from '../api/auth-actions';
import { AccountNotice } from '../components/AccountNotice';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { PasswordInput } from '../components/PasswordInput';
import { useAuthStore, type AuthUser } from '../stores/auth';
import { authErrorMessage } from '../utils/auth-errors';
import { fieldError } from '../utils/field-error';
import { startSession } from '../utils/start-session';
import '../../../styles/amplify.css';
import '../accounts.css';

function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

function Loading() {
  return (
    <main id="main" className="container page account-page">
      <output className="account-loading">Loading...</output>
    </main>
  );
}

export default function ProfilePage() {
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
  return <ProfileContent key={user.sub} user={user} />;
}

function ProfileContent({ user }: { user: AuthUser }) {
  // A profile read in the last 5 minutes shows at once (no 'Loading...' when coming back to this page).
  const [profile, setProfile] = useState<Profile | null>(() => cachedProfile(user.sub) ?? null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // loadProfile retries passing failures (the spec's 3 retries) while 'Loading...' stays; leaving the page
    // aborts them.
    const controller = new AbortController();
    loadProfile(controller.signal).then(
      (loaded) => {
        if (!controller.signal.aborted) setProfile(loaded);
      },
      (error: unknown) => {
        if (controller.signal.aborted || (error as Error).name === 'AbortError') return;
        setLoadFailed(true);
        // The fallback names what failed; the server's message (if any) says why.
        toast({
          title: 'Error loading profile',
          ...(error instanceof ApiError && error.serverMessage ? { description: error.serverMessage } : {}),
          variant: 'destructive',
        });
      },
    );
    return () => controller.abort();
  }, [user.sub, attempt]);

  return (
    <main id="main" className="container page account-page">
      <div className="account-stack">
        <Heading level={1}>My Profile</Heading>
        {profile ? (
          <ProfileDetails user={user} profile={profile} onSaved={setProfile} />
        ) : loadFailed ? (
          <AccountNotice
            tone="error"
            action={
              <Button
                size="small"
                onClick={() => {
                  setLoadFailed(false);
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            }
          >
            Your profile could not be loaded.
          </AccountNotice>
        ) : (
          <output className="account-loading">Loading...</output>
        )}
        <PasswordChangeForm />
        <SignOutSection />
      </div>
    </main>
  );
}

function ProfileDetails({ user, profile, onSaved }: { user: AuthUser; profile: Profile; onSaved: (p: Profile) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { username: profile.username },
  });

  const onSubmit = handleSubmit(async ({ username }) => {
    try {
      const saved = await saveUsername(username);
      onSaved(saved);
      reset({ username: saved.username });
      toast({ title: 'Profile updated successfully' });
    } catch (error) {
      const title =
        error instanceof ApiError
          ? (error.fieldErrors.username?.[0] ?? toastMessage(error, 'Error updating profile'))
          : authErrorMessage(error, 'Error updating profile');
      toast({ title, variant: 'destructive' });
    }
  });

  return (
    <section aria-labelledby="profile-heading" className="account-card card">
      <Heading level={2} id="profile-heading">
        Account details
      </Heading>
      <dl className="account-facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>
            <time dateTime={profile.created_at}>{memberSince(profile.created_at)}</time>
          </dd>
        </div>
      </dl>
      <Flex as="form" direction="column" alignItems="flex-start" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField id="profile-username" label="Username" autoComplete="username" width="100%" {...register('username')} {...fieldError(errors.username)} />
        <Button type="submit" variation="primary" isDisabled={isSubmitting}>
          {isSubmitting ? 'Updating...' : 'Update Profile'}
        </Button>
      </Flex>
    </section>
  );
}

const emptyPasswords: PasswordChangeInput = { currentPassword: '', password: '', confirmPassword: '' };

function PasswordChangeForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({ resolver: zodResolver(passwordChangeSchema), defaultValues: emptyPasswords });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      await changePassword(currentPassword, password);
      reset(emptyPasswords);
      toast({ title: 'Password updated successfully' });
    } catch (error) {
      // Cognito answers a wrong current password with NotAuthorized ("Incorrect username or password.").
      toast({ title: authErrorMessage(error, 'Error updating password'), variant: 'destructive' });
    }
  });

  return (
    <section aria-labelledby="password-heading" className="account-card card">
      <Heading level={2} id="password-heading">
        Change Password
      </Heading>
      <Flex as="form" direction="column" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
        <PasswordInput
          id="current-password"
          label="Current password"
          autoComplete="current-password"
          {...register('currentPassword')}
          {...fieldError(errors.currentPassword)}
        />
        <NewPasswordFields idPrefix="new" password={register('password')} confirm={register('confirmPassword')} errors={errors} />
        <Flex>
          <Button type="submit" variation="primary" isDisabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Password'}
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}

function SignOutSection() {
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
