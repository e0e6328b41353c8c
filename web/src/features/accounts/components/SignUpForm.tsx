import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signUpSchema, type SignUpInput } from '@shared/contract/schemas/auth';
import { toast } from '../../../lib/toast';
import { signUpAccount } from '../api/auth-actions';
import { authErrorMessage, refusedUsernameMessage } from '../utils/auth-errors';
import { fieldError } from '../utils/field-error';
import { AccountNotice } from './AccountNotice';
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
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema), defaultValues: empty });

  const onSubmit = handleSubmit(async ({ username, email, password }) => {
    try {
      await signUpAccount({ username, email, password });
      toast({ title: 'Sign up successful! Please check your email for verification.' });
      setSentTo(email);
      reset(empty);
    } catch (error) {
      // The server's username rule is the form's own (pre-sign-up trigger): its message goes on the field too.
      const refusedUsername = refusedUsernameMessage(error);
      if (refusedUsername) setError('username', { message: refusedUsername }, { shouldFocus: true });
      toast({ title: authErrorMessage(error, 'An error occurred during sign up'), variant: 'destructive' });
    }
  });

  return (
    <Flex as="form" direction="column" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
      {sentTo ? (
        <AccountNotice action={<ResendVerificationButton email={sentTo} />}>
          We sent a verification link to <strong>{sentTo}</strong>. Open it to activate your account, then sign in.
        </AccountNotice>
      ) : null}
      <TextField id="signup-username" label="Username" autoComplete="username" {...register('username')} {...fieldError(errors.username)} />
      <TextField id="signup-email" label="Email" type="email" autoComplete="email" {...register('email')} {...fieldError(errors.email)} />
      <NewPasswordFields
        idPrefix="signup"
        labels={passwordLabels}
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={errors}
      />
      <Button type="submit" variation="primary" isFullWidth isDisabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Sign Up'}
      </Button>
    </Flex>
  );
}
