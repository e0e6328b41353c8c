/**
 * The second step of a sign-in for an account with an authenticator app (every staff member): the app's current
 * code, after the password was accepted. Cognito keeps the sign-in open for 3 minutes; after that the password step
 * starts again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { authenticatorCodeSchema, type AuthenticatorCodeInput } from '@shared/contract/schemas/auth';
import { toast } from '../../../lib/toast';
import { confirmSignInCode } from '../api/second-factor';
import { authenticatorCodeErrorMessage } from '../utils/auth-errors';
import { fieldError } from '../utils/field-error';
import { AccountNotice } from './AccountNotice';

export function SignInCodeForm({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const {
    register,
    handleSubmit,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AuthenticatorCodeInput>({ resolver: zodResolver(authenticatorCodeSchema), defaultValues: { code: '' } });

  // The step replaces the password form: the code field takes the focus the Sign In button had.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await confirmSignInCode(code);
      onSignedIn();
    } catch (error) {
      const { message, restart } = authenticatorCodeErrorMessage(error);
      toast({ title: message, variant: 'destructive' });
      if (restart) onRestart();
      else {
        reset({ code: '' });
        setFocus('code');
      }
    }
  });

  return (
    <Flex as="form" direction="column" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
      <AccountNotice tone="info">Enter the 6-digit code your authenticator app shows for this site.</AccountNotice>
      <TextField
        id="signin-code"
        label="Authenticator code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...register('code')}
        {...fieldError(errors.code)}
      />
      <Button type="submit" variation="primary" isFullWidth isDisabled={isSubmitting}>
        {isSubmitting ? 'Checking...' : 'Confirm'}
      </Button>
      <Button variation="link" size="small" onClick={onRestart}>
        Start again
      </Button>
    </Flex>
  );
}
