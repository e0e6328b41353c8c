/**
 * Under the AI agent package's Buy Now (issue 21): where a subscriber manages billing. Signed in: My Profile,
 * which opens Stripe's customer portal for their own customer. Signed out: the stage's portal login page
 * (`billingPortalLoginUrl` in /config.json, the stage's STRIPE_PORTAL_LOGIN_URL), where Stripe mails a sign-in link.
 *
 * The line keeps its height from the first paint (the page is prerendered; the link arrives with the runtime
 * config after hydration), so nothing below it moves.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { loadConfig } from '../../../lib/config';

export default function SubscriberBillingLink({ signedIn }: { signedIn: boolean }) {
  const [loginUrl, setLoginUrl] = useState<string | undefined>();
  useEffect(() => {
    loadConfig().then(
      (config) => setLoginUrl(config.billingPortalLoginUrl || undefined),
      () => undefined,
    );
  }, []);
  return (
    <p className="subscriber-billing">
      {signedIn ? (
        <>
          Already subscribed? <Link to="/profile">Manage billing</Link> in My Profile.
        </>
      ) : loginUrl ? (
        <>
          Already subscribed? <a href={loginUrl}>Manage billing</a> with the e-mail you subscribed with.
        </>
      ) : null}
    </p>
  );
}
