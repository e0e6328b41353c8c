/**
 * /auth: tabs Sign In and Sign Up, and the hidden reset panel reached through 'Forgot Password?' (spec 2, 4).
 * Opening the verification link of the sign-up mail (/auth?action=confirm&email=...&code=...) confirms the
 * account on arrival and says so.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { confirmAccount } from '../api/auth-actions';
import { ResendVerificationButton } from '../components/ResendVerificationButton';
import { ResetRequestForm } from '../components/ResetRequestForm';
import { SignInForm } from '../components/SignInForm';
import { SignUpForm } from '../components/SignUpForm';
import { confirmationFromSearch, type CodeLink } from '../utils/account-links';
import { authErrorMessage, isAlreadyConfirmedError, isBadCodeError } from '../utils/auth-errors';
import { startSession } from '../utils/start-session';
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

  function selectTab(next: Tab, focus = false) {
    setTab(next);
    if (focus) tabRefs.current[next]?.focus();
  }

  /** Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation). */
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((t) => t.id === tab);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    selectTab(tabs[next]!.id, true);
  }

  return (
    <main id="main" className="container page account-page">
      <div className="account-card card">
        <h1>Welcome</h1>
        <p className="account-lead">Sign in to your account or create a new one.</p>

        {confirmation ? (
          <div className={`account-notice${confirmation.state === 'failed' ? ' account-notice-error' : ''}`}>
            <output>
              {confirmation.state === 'confirming' ? 'Confirming your account...' : null}
              {confirmation.state === 'confirmed' ? (
                <>
                  Your account <strong>{confirmation.email}</strong> is confirmed. You can now sign in.
                </>
              ) : null}
              {confirmation.state === 'failed' ? confirmation.message : null}
            </output>
            {confirmation.state === 'failed' && confirmation.canResend ? (
              <ResendVerificationButton email={confirmation.email}>Send a new verification link</ResendVerificationButton>
            ) : null}
          </div>
        ) : null}

        {tab === 'reset' ? (
          <section aria-labelledby="reset-heading" className="account-panel">
            <h2 id="reset-heading">Reset Password</h2>
            <ResetRequestForm defaultEmail={email} />
            <button
              type="button"
              className="account-link-button account-back"
              onClick={() => {
                setTab('signin');
                // Back on the tabs, focus the Sign In tab the visitor came from.
                requestAnimationFrame(() => tabRefs.current.signin?.focus());
              }}
            >
              Back to Sign In
            </button>
          </section>
        ) : (
          <>
            <div role="tablist" aria-label="Account" className="account-tabs">
              {tabs.map((t) => (
                <button
                  key={t.id}
                  ref={(el) => {
                    tabRefs.current[t.id] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls={`panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => selectTab(t.id)}
                  onKeyDown={onTabKeyDown}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <div role="tabpanel" id="panel-signin" aria-labelledby="tab-signin" hidden={tab !== 'signin'} className="account-panel">
              <SignInForm
                key={email}
                defaultEmail={email}
                onForgotPassword={(typed) => {
                  setEmail(typed);
                  setTab('reset');
                }}
              />
            </div>
            <div role="tabpanel" id="panel-signup" aria-labelledby="tab-signup" hidden={tab !== 'signup'} className="account-panel">
              <SignUpForm />
            </div>
          </>
        )}
      </div>
    </main>
  );
}
