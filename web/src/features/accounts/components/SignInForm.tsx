import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { signInSchema, type SignInInput } from '@shared/contract/schemas/auth';
import { toast } from '../../../lib/toast';
import { signInWithPassword } from '../api/auth-actions';
import { redirectAfterSignIn } from '../utils/account-links';
import { signInErrorMessage } from '../utils/auth-errors';
import { fieldError } from '../utils/field-error';
import { AccountNotice } from './AccountNotice';
import { PasswordInput } from './PasswordInput';
import { ResendVerificationButton } from './ResendVerificationButton';
import { SignInCodeForm } from './SignInCodeForm';

export function SignInForm({ defaultEmail, onForgotPassword }: { defaultEmail: string; onForgotPassword: (email: string) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  // The password was accepted and Cognito asks for the authenticator app's code (accounts with one: staff).
  const [codeStep, setCodeStep] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: defaultEmail, password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setUnconfirmedEmail(null);
    try {
      const outcome = await signInWithPassword(email, password);
      if (outcome === 'unconfirmed') {
        setUnconfirmedEmail(email);
        toast({
          title: 'Please confirm your e-mail address first',
          description: 'Open the link in the verification e-mail we sent you.',
          variant: 'destructive',
        });
        return;
      }
      if (outcome === 'secondFactor') {
        setCodeStep(true);
        return;
      }
      signedIn();
    } catch (error) {
      toast({ title: signInErrorMessage(error), variant: 'destructive' });
    }
  });

  function signedIn() {
    toast({ title: 'Login successful!' });
    void navigate(redirectAfterSignIn(location.search));
  }

  if (codeStep) return <SignInCodeForm onSignedIn={signedIn} onRestart={() => setCodeStep(false)} />;

  return (
    <Flex as="form" direction="column" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField id="signin-email" label="Email" type="email" autoComplete="email" {...register('email')} {...fieldError(errors.email)} />
      <PasswordInput id="signin-password" label="Password" autoComplete="current-password" {...register('password')} {...fieldError(errors.password)} />
      <Flex justifyContent="flex-end">
        <Button variation="link" size="small" onClick={() => onForgotPassword(getValues('email'))}>
          Forgot Password?
        </Button>
      </Flex>
      <Button type="submit" variation="primary" isFullWidth isDisabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      {unconfirmedEmail ? (
        <AccountNotice tone="info" action={<ResendVerificationButton email={unconfirmedEmail} />}>
          This account is not confirmed yet. Open the link in the verification e-mail, or get a new one.
        </AccountNotice>
      ) : null}
    </Flex>
  );
}
