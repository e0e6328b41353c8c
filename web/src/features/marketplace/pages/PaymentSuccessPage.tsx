/**
 * /success and /payment-success (spec 000_87e5fbf87b6c3f39.txt §2 and 4): records the app in `app` (default
 * 'ai-system-prompt-generator'; a provider product id such as 'ai-agent-prompt' is mapped to its app) as
 * purchased, says 'Successful payment!' and returns to /marketplace after 5 seconds.
 *
 * With a Stripe session id (issue 21), the server also confirms the purchase and ties it to this browser, and the
 * screen says where the purchase lives (CheckoutAccountNote, loaded only then); the spec's texts and redirect stay
 * as they are.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { findApp } from '@shared/content/catalogue';
import { isStudioApp, studioHref, tailorLinkText } from '@shared/content/prompt-studio/apps';
import { toast } from '../../../lib/toast';
import type { AccountNoteProps, AccountState } from '../components/CheckoutAccountNote';
import { rememberPurchase } from '../stores/purchases';
import '../marketplace.css';

/** The feature's own note, for a tree that already has a query client above the page. */
const LazyAccountNote = lazy(() => import('../components/CheckoutAccountNote').then((m) => ({ default: m.CheckoutAccountNote })));

const DEFAULT_APP = 'ai-system-prompt-generator';
const REDIRECT_MS = 5000;

const SESSION_ID = /^cs_[A-Za-z0-9_]+$/;

/** `AccountNote`: the note as the app layer composes it (with the query client it reads through). */
export default function PaymentSuccessPage({
  account = { status: 'loading' },
  AccountNote = LazyAccountNote,
}: {
  account?: AccountState;
  AccountNote?: ComponentType<AccountNoteProps>;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('app') || DEFAULT_APP;
  const app = findApp(requested);
  const appId = app?.id ?? requested;
  const sessionId = params.get('session_id') ?? '';
  const announced = useRef(false);

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (announced.current) return;
    announced.current = true;
    // Stripe fills in the session id; anything else (a template left unfilled, a typo) is not kept.
    rememberPurchase(appId, SESSION_ID.test(sessionId) ? sessionId : undefined);
    toast({ title: 'Successful payment!', description: app ? `${app.name} is now yours.` : 'Thank you for your purchase.' });
  }, [app, appId, sessionId]);

  useEffect(() => {
    const timer = setTimeout(() => navigate('/marketplace'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <main id="main" className="container page payment-result">
      <div className="card payment-result-card">
        <h1>Successful payment!</h1>
        <p>
          {app ? (
            <>
              Thank you for buying <strong>{app.name}</strong>. Its card in the marketplace now shows &lsquo;Get prompt&rsquo;.
            </>
          ) : (
            'Thank you for your purchase. We will be in touch shortly to get started.'
          )}
        </p>
        {SESSION_ID.test(sessionId) ? (
          <Suspense fallback={null}>
            <AccountNote sessionId={sessionId} account={account} />
          </Suspense>
        ) : null}
        {SESSION_ID.test(sessionId) && isStudioApp(appId) ? (
          <p>
            Your customization form is ready: <Link to={studioHref(sessionId)}>{tailorLinkText}</Link>.
          </p>
        ) : null}
        <output className="payment-result-note">Redirecting in 5 seconds...</output>
        <Link className="button button-primary" to="/marketplace">
          Go to the marketplace now
        </Link>
      </div>
    </main>
  );
}
