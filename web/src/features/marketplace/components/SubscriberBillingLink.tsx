/**
 * Under the AI agent package's Buy Now (issue 21): where a subscriber manages billing. Signed in: My Profile,
 * which opens Stripe's customer portal for their own customer. Signed out: the stage's portal login page
 * (`billingPortalLoginUrl` in /config.json, the stage's STRIPE_PORTAL_LOGIN_URL), where Stripe mails a sign-in link.
 *
 * The line keeps its height from the first paint, whatever it says later: the page is prerendered signed out and
 * without the runtime config, and the link's text arrives after hydration (the config, then the session check). Its
 * wordings share one grid cell and the ones not shown are hidden (`visibility: hidden`: no space given back, not
 * focusable, not read out), so the line is always as tall as its longest wording at this width and nothing moves:
 * a signed-in subscriber's Buy Now once moved under the pointer as the line changed from empty to two lines to one.
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
  const shown = signedIn ? 'profile' : loginUrl ? 'portal' : undefined;
  return (
    <p className="subscriber-billing">
      <span className={shown === 'profile' ? undefined : 'reserved'}>
        Already subscribed? {shown === 'profile' ? <Link to="/profile">Manage billing</Link> : 'Manage billing'} in My Profile.
      </span>
      <span className={shown === 'portal' ? undefined : 'reserved'}>
        Already subscribed? {shown === 'portal' ? <a href={loginUrl}>Manage billing</a> : 'Manage billing'} with the e-mail you subscribed with.
      </span>
    </p>
  );
}
