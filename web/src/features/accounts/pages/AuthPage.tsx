/**
 * /auth: tabs Sign In and Sign Up (Amplify UI Tabs), and the hidden reset panel reached through 'Forgot Password?' (spec 2, 4).
 * Opening the verification link of the sign-up mail (/auth?action=confirm&email=...&code=...) confirms the
 * account on arrival and says so.
 */
import { Button, Heading, Tabs, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { confirmAccount } from '../api/auth-actions';
import { AccountNotice } from '../components/AccountNotice';
import { ResendVerificationButton } from '../components/ResendVerificationButton';
import { ResetRequestForm } from '../components/ResetRequestForm';
import { SignInForm } from '../components/SignInForm';
import { SignUpForm } from '../components/SignUpForm';
import { confirmationFromSearch, type CodeLink } from '../utils/account-links';
import { authErrorMessage, isAlreadyConfirmedError, isBadCodeError } from '../utils/auth-errors';
import { startSession } from '../utils/start-session';
import '../../../styles/amplify.css';
import '../accounts.css';

type Tab = 'signin' | 'signup' | 'reset';
const tabs = [
  { id: 'signin', label: 'Sign In' },
  { id: 'signup', label: 'Sign Up' },
] as const;

type Confirmation =
  | { state: 'confirming'; email: string }
  | { state: 'confirmed'; email: string }
  | { state: 'failed'; email: string; message: string; canResend: boolean };

/** Links already handled in this page load (React's development double effects must not confirm twice). */
const handledLinks = new Set<string>();

export default function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('signin');
  // After a password reset the e-mail comes along, so signing in with the new password is one field less.
  const [email, setEmail] = useState(() => {
    const state = location.state as { email?: unknown } | null;
    return typeof state?.email === 'string' ? state.email : '';
  });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    void startSession();
  }, []);

  async function confirmFromLink(link: CodeLink) {
    setEmail(link.email);
    setTab('signin');
    setConfirmation({ state: 'confirming', email: link.email });
    try {
      await confirmAccount(link.email, link.code);
      setConfirmation({ state: 'confirmed', email: link.email });
      toast({ title: 'Your account is confirmed', description: 'You can now sign in.' });
    } catch (error) {
      if (isAlreadyConfirmedError(error)) {
        setConfirmation({ state: 'confirmed', email: link.email });
        toast({ title: 'Your account is already confirmed', description: 'You can sign in.' });
        return;
      }
      const message = isBadCodeError(error)
        ? 'This verification link is invalid or has expired. If your account is not confirmed yet, request a new link.'
        : authErrorMessage(error, 'We could not confirm your account. Please try again.');
      setConfirmation({ state: 'failed', email: link.email, message, canResend: isBadCodeError(error) });
      toast({ title: 'Account not confirmed', description: message, variant: 'destructive' });
    }
  }

  useEffect(() => {
    const link = confirmationFromSearch(location.search);
    if (!link) return;
    const key = `${link.email}:${link.code}`;
    if (handledLinks.has(key)) return;
    handledLinks.add(key);
    // Confirming the account is a side effect of arriving through the mail link (an external input), and it
    // shows its progress at once; there is no render-time value to derive instead.
    // oxlint-disable-next-line react/set-state-in-effect
    void confirmFromLink(link);
    // The code is used up either way; drop it from the address bar and history.
    void navigate('/auth', { replace: true });
  }, [location.search, navigate]);

  /** Home and End jump to the first and last tab; Amplify's tab list handles the arrow keys itself. */
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const target = event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs[tabs.length - 1] : undefined;
    if (!target) return;
    event.preventDefault();
    setTab(target.id);
    tabRefs.current[target.id]?.focus();
  }

  return (
    <main id="main" className="container page account-page">
      <div className="account-card card">
        <Heading level={1}>Welcome</Heading>
        <Text className="account-lead">Sign in to your account or create a new one.</Text>

        {confirmation ? (
          <AccountNotice
            tone={confirmation.state === 'failed' ? 'error' : confirmation.state === 'confirming' ? 'info' : 'success'}
            action={
              confirmation.state === 'failed' && confirmation.canResend ? (
                <ResendVerificationButton email={confirmation.email}>Send a new verification link</ResendVerificationButton>
              ) : null
            }
          >
            {confirmation.state === 'confirming' ? 'Confirming your account...' : null}
            {confirmation.state === 'confirmed' ? (
              <>
                Your account <strong>{confirmation.email}</strong> is confirmed. You can now sign in.
              </>
            ) : null}
            {confirmation.state === 'failed' ? confirmation.message : null}
          </AccountNotice>
        ) : null}

        {tab === 'reset' ? (
          <section aria-labelledby="reset-heading" className="account-panel">
            <Heading level={2} id="reset-heading">
              Reset Password
            </Heading>
            <ResetRequestForm defaultEmail={email} />
            <Button
              variation="link"
              className="account-back"
              onClick={() => {
                setTab('signin');
                // Back on the tabs, focus the Sign In tab the visitor came from.
                requestAnimationFrame(() => tabRefs.current.signin?.focus());
              }}
            >
              Back to Sign In
            </Button>
          </section>
        ) : (
          <Tabs.Container value={tab} onValueChange={(next) => setTab(next as Tab)} className="account-tabs">
            <Tabs.List aria-label="Account" spacing="equal">
              {tabs.map((t) => (
                <Tabs.Item
                  key={t.id}
                  value={t.id}
                  ref={(el: HTMLButtonElement | null) => {
                    tabRefs.current[t.id] = el;
                  }}
                  type="button"
                  onKeyDown={onTabKeyDown}
                >
                  {t.label}
                </Tabs.Item>
              ))}
            </Tabs.List>
            <Tabs.Panel value="signin" className="account-panel">
              <SignInForm
                key={email}
                defaultEmail={email}
                onForgotPassword={(typed) => {
                  setEmail(typed);
                  setTab('reset');
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="signup" className="account-panel">
              <SignUpForm />
            </Tabs.Panel>
          </Tabs.Container>
        )}
      </div>
    </main>
  );
}
