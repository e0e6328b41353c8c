import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { resetRequestSchema, type ResetRequestInput } from '@shared/contract/schemas/auth';
import { toast } from '../../../lib/toast';
import { requestPasswordReset } from '../api/auth-actions';
import { authErrorMessage } from '../utils/auth-errors';
import { fieldError } from '../utils/field-error';

export function ResetRequestForm({ defaultEmail }: { defaultEmail: string }) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestInput>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: defaultEmail } });

  // The panel replaces the tabs; move focus into it so keyboard users continue where they are.
  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      toast({ title: 'Password reset email sent. Check your inbox.' });
    } catch (error) {
      toast({ title: authErrorMessage(error, 'Error sending reset email'), variant: 'destructive' });
    }
  });

  return (
    <Flex as="form" direction="column" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Text className="account-lead">Enter the e-mail address of your account and we will send you a link to set a new password.</Text>
      <TextField id="reset-email" label="Email" type="email" autoComplete="email" {...register('email')} {...fieldError(errors.email)} />
      <Button type="submit" variation="primary" isFullWidth isDisabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </Flex>
  );
}
