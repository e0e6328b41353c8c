/**
 * The success screen's word on where the purchase lives (issue 21), under the spec's own texts: the server
 * confirms the Checkout session it came back with (and ties it to this browser); then a purchase already in the
 * account says so, a signed-in buyer can add it, and a signed-out buyer learns that signing in keeps it on every
 * device. Nothing shows without a session id (the fallback checkout), exactly as the spec's screen.
 */
import { Link } from 'react-router-dom';
import { toastMessage } from '../../../lib/api';
import { useAddAccountPurchase } from '../api/add-account-purchase';
import { useCheckoutConfirmation } from '../api/confirm-checkout';

/** The visitor's session as the app layer knows it. */
export interface AccountState {
  readonly status: 'loading' | 'signedIn' | 'signedOut';
  readonly userId?: string;
}

export interface AccountNoteProps {
  readonly sessionId: string;
  readonly account: AccountState;
}

export function CheckoutAccountNote({ sessionId, account }: AccountNoteProps) {
  const confirmation = useCheckoutConfirmation(sessionId);
  if (confirmation.isError) {
    return (
      <p className="payment-account-note" role="alert">
        {toastMessage(confirmation.error, 'We could not confirm this purchase yet. It will appear in a minute.')}
      </p>
    );
  }
  if (!confirmation.data) return null;
  if (confirmation.data.inAccount) {
    return (
      <p className="payment-account-note">
        It is saved to your account: find it any time in <Link to="/profile">My Profile</Link>.
      </p>
    );
  }
  if (account.status === 'signedIn' && account.userId) return <AddToAccount sessionId={sessionId} userId={account.userId} />;
  if (account.status === 'signedOut') {
    return (
      <p className="payment-account-note">
        Bought without an account: <Link to="/auth">sign in</Link>, then add it to your account on My Profile to get its
        prompt on any device.
      </p>
    );
  }
  return null;
}

function AddToAccount({ sessionId, userId }: { sessionId: string; userId: string }) {
  const add = useAddAccountPurchase(userId);
  if (add.isSuccess) return <p className="payment-account-note">Added to your account.</p>;
  return (
    <div className="payment-account-note">
      <button type="button" className="button button-secondary" disabled={add.isPending} aria-busy={add.isPending} onClick={() => add.mutate(sessionId)}>
        Add to my account
      </button>
      {add.isError ? <p role="alert">{toastMessage(add.error, 'The purchase could not be added. Please try again from My Profile.')}</p> : null}
    </div>
  );
}
