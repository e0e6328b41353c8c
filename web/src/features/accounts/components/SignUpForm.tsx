import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signUpSchema, type SignUpInput } from '../../../../../shared/schemas/auth';
import { toast } from '../../../lib/toast';
import { resendConfirmation, signUpAccount } from '../api/auth-actions';
import { authErrorMessage } from '../utils/auth-errors';
import { TextField } from './TextField';

const empty: SignUpInput = { username: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema), defaultValues: empty });

  const onSubmit = handleSubmit(async ({ username, email, password }) => {
    try {
      await signUpAccount({ username, email, password });
      toast({ title: 'Sign up successful! Please check your email for verification.' });
      setSentTo(email);
      reset(empty);
    } catch (error) {
      toast({ title: authErrorMessage(error, 'An error occurred during sign up'), variant: 'destructive' });
    }
  });

  async function onResend() {
    if (!sentTo) return;
    try {
      await resendConfirmation(sentTo);
      toast({ title: 'Verification e-mail sent', description: `Check the inbox of ${sentTo}.` });
    } catch (error) {
      toast({ title: authErrorMessage(error, 'Error sending verification email'), variant: 'destructive' });
    }
  }

  return (
    <form className="account-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {sentTo ? (
        <div className="account-notice">
          <output>
            We sent a verification link to <strong>{sentTo}</strong>. Open it to activate your account, then sign in.
          </output>
          <button type="button" className="button button-secondary" onClick={() => void onResend()}>
            Resend verification e-mail
          </button>
        </div>
      ) : null}
      <TextField
        id="signup-username"
        label="Username"
        autoComplete="username"
        registration={register('username')}
        error={errors.username}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        registration={register('password')}
        error={errors.password}
      />
      <TextField
        id="signup-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword}
      />
      <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Sign Up'}
      </button>
    </form>
  );
}
