import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signUpSchema, type SignUpInput } from '../../../../../shared/schemas/auth';
import { TextInput } from '../../../components/form/fields';
import { toast } from '../../../lib/toast';
import { signUpAccount } from '../api/auth-actions';
import { authErrorMessage } from '../utils/auth-errors';
import { NewPasswordFields } from './NewPasswordFields';
import { ResendVerificationButton } from './ResendVerificationButton';

const empty: SignUpInput = { username: '', email: '', password: '', confirmPassword: '' };
const passwordLabels = { password: 'Password', confirm: 'Confirm Password' };

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

  return (
    <form className="account-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {sentTo ? (
        <div className="account-notice">
          <output>
            We sent a verification link to <strong>{sentTo}</strong>. Open it to activate your account, then sign in.
          </output>
          <ResendVerificationButton email={sentTo} />
        </div>
      ) : null}
      <TextInput
        id="signup-username"
        label="Username"
        autoComplete="username"
        registration={register('username')}
        error={errors.username}
      />
      <TextInput
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <NewPasswordFields
        idPrefix="signup"
        labels={passwordLabels}
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={errors}
      />
      <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Sign Up'}
      </button>
    </form>
  );
}
