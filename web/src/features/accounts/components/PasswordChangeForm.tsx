/**
 * The profile's change-password form (spec 000_87e5fbf87b6c3f39.txt §2). A member of the staff group needs a longer
 * password (STAFF_PASSWORD_MIN_LENGTH): Cognito's one pool policy is the spec's, so the form holds the staff rule.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import { useForm } from 'react-hook-form';
import { passwordChangeSchema, PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH, staffPasswordChangeSchema, type PasswordChangeInput } from '@shared/contract/schemas/auth';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { toast } from '../../../lib/toast';
import { changePassword } from '../api/auth-actions';
import { useAuthStore } from '../stores/auth';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordInput } from './PasswordInput';
import { authErrorMessage } from '../utils/auth-errors';
import { fieldError } from '../utils/field-error';

const emptyPasswords: PasswordChangeInput = { currentPassword: '', password: '', confirmPassword: '' };

export function PasswordChangeForm() {
  const staff = useAuthStore((s) => s.user?.groups.includes(STAFF_GROUP) ?? false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({ resolver: zodResolver(staff ? staffPasswordChangeSchema : passwordChangeSchema), defaultValues: emptyPasswords });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      await changePassword(currentPassword, password);
      reset(emptyPasswords);
      toast({ title: 'Password updated successfully' });
    } catch (error) {
      // Cognito answers a wrong current password with NotAuthorized ("Incorrect username or password.").
      toast({ title: authErrorMessage(error, 'Error updating password'), variant: 'destructive' });
    }
  });

  return (
    <section aria-labelledby="password-heading" className="account-card card">
      <Heading level={2} id="password-heading">
        Change Password
      </Heading>
      <Flex as="form" direction="column" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
        <PasswordInput
          id="current-password"
          label="Current password"
          autoComplete="current-password"
          {...register('currentPassword')}
          {...fieldError(errors.currentPassword)}
        />
        <NewPasswordFields
          idPrefix="new"
          password={register('password')}
          confirm={register('confirmPassword')}
          errors={errors}
          minLength={staff ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH}
        />
        <Flex>
          <Button type="submit" variation="primary" isDisabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Password'}
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}
