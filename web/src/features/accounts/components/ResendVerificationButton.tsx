/** Sends the sign-up verification mail again (sign-in of an unconfirmed account, after sign-up, a dead link). */
import { Button } from '@aws-amplify/ui-react';
import { toast } from '../../../lib/toast';
import { resendConfirmation } from '../api/auth-actions';
import { authErrorMessage } from '../utils/auth-errors';

export function ResendVerificationButton({ email, children = 'Resend verification e-mail' }: { email: string; children?: string }) {
  async function onResend() {
    try {
      await resendConfirmation(email);
      toast({ title: 'Verification e-mail sent', description: `Check the inbox of ${email}.` });
    } catch (error) {
      toast({ title: authErrorMessage(error, 'Error sending verification email'), variant: 'destructive' });
    }
  }

  return (
    <Button size="small" onClick={() => void onResend()}>
      {children}
    </Button>
  );
}
