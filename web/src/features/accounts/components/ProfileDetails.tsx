/** The profile's username form, with the e-mail and the member-since date (spec 000_87e5fbf87b6c3f39.txt §2). */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Heading, TextField } from '@aws-amplify/ui-react';
import { useForm } from 'react-hook-form';
import { profileUpdateSchema, type Profile, type ProfileUpdateInput } from '@shared/contract/schemas/profile';
import { ApiError, toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import type { AuthUser } from '../stores/auth';
import { authErrorMessage } from '../utils/auth-errors';
import { fieldError } from '../utils/field-error';

function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function ProfileDetails({ user, profile }: { user: AuthUser; profile: Profile }) {
  const rename = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { username: profile.username },
  });

  const onSubmit = handleSubmit(async ({ username }) => {
    try {
      // The saved profile becomes the page's (the cached read), so the form starts from it.
      const saved = await rename.mutateAsync(username);
      reset({ username: saved.username });
      toast({ title: 'Profile updated successfully' });
    } catch (error) {
      const title =
        error instanceof ApiError
          ? (error.fieldErrors.username?.[0] ?? toastMessage(error, 'Error updating profile'))
          : authErrorMessage(error, 'Error updating profile');
      toast({ title, variant: 'destructive' });
    }
  });

  return (
    <section aria-labelledby="profile-heading" className="account-card card">
      <Heading level={2} id="profile-heading">
        Account details
      </Heading>
      <dl className="account-facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>
            <time dateTime={profile.created_at}>{memberSince(profile.created_at)}</time>
          </dd>
        </div>
      </dl>
      <Flex as="form" direction="column" alignItems="flex-start" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField id="profile-username" label="Username" autoComplete="username" width="100%" {...register('username')} {...fieldError(errors.username)} />
        <Button type="submit" variation="primary" isDisabled={isSubmitting}>
          {isSubmitting ? 'Updating...' : 'Update Profile'}
        </Button>
      </Flex>
    </section>
  );
}
