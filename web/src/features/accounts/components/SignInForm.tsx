import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { signInSchema, type SignInInput } from '../../../../../shared/schemas/auth';
import { TextInput } from '../../../components/form/fields';
import { toast } from '../../../lib/toast';
import { signInWithPassword } from '../api/auth-actions';
import { redirectAfterSignIn } from '../utils/account-links';
import { signInErrorMessage } from '../utils/auth-errors';
import { ResendVerificationButton } from './ResendVerificationButton';

export function SignInForm({ defaultEmail, onForgotPassword }: { defaultEmail: string; onForgotPassword: (email: string) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
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
      toast({ title: 'Login successful!' });
      void navigate(redirectAfterSignIn(location.search));
    } catch (error) {
      toast({ title: signInErrorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form className="account-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextInput
        id="signin-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <TextInput
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
      />
      <div className="account-form-row">
        <button type="button" className="account-link-button" onClick={() => onForgotPassword(getValues('email'))}>
          Forgot Password?
        </button>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </button>
      {unconfirmedEmail ? (
        <div className="account-notice">
          <output>This account is not confirmed yet. Open the link in the verification e-mail, or get a new one.</output>
          <ResendVerificationButton email={unconfirmedEmail} />
        </div>
      ) : null}
    </form>
  );
}
