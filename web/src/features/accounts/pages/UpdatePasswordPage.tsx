/**
 * /update-password: the target of the reset mail's link. The URL hash carries the recovery marker
 * (type=recovery) with the e-mail and code; without it the link is invalid (spec 2 and 8).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { passwordResetSchema, type PasswordResetInput } from '@shared/contract/schemas/auth';
import { toast } from '../../../lib/toast';
import { completePasswordReset } from '../api/auth-actions';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { recoveryFromHash, type CodeLink } from '../utils/account-links';
import { authErrorMessage, isBadCodeError } from '../utils/auth-errors';
import '../../../styles/amplify.css';
import '../accounts.css';

const INVALID_TOAST = 'Invalid or expired password reset link';

export default function UpdatePasswordPage() {
  const location = useLocation();
  const [link, setLink] = useState<CodeLink | null>(() => recoveryFromHash(location.hash));
  const toasted = useRef(false);

  useEffect(() => {
    if (link || toasted.current) return;
    toasted.current = true;
    toast({ title: INVALID_TOAST, variant: 'destructive' });
  }, [link]);

  return (
    <main id="main" className="container page account-page">
      <div className="account-card card">
        {link ? (
          <ResetForm
            link={link}
            onExpired={() => {
              toasted.current = true;
              setLink(null);
            }}
          />
        ) : (
          <>
            <Heading level={1}>Reset link not valid</Heading>
            <Text className="account-lead">This password reset link is invalid or has expired.</Text>
            <Button as={Link} to="/auth" variation="primary">
              Return to Login
            </Button>
          </>
        )}
      </div>
    </main>
  );
}

function ResetForm({ link, onExpired }: { link: CodeLink; onExpired: () => void }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await completePasswordReset(link.email, link.code, password);
      toast({ title: 'Password has been updated successfully' });
      void navigate('/auth', { state: { email: link.email } });
    } catch (error) {
      if (isBadCodeError(error)) {
        toast({
          title: INVALID_TOAST,
          description: 'This link was already used or has expired. Request a new one from the sign-in page.',
          variant: 'destructive',
        });
        onExpired();
        return;
      }
      toast({ title: authErrorMessage(error, 'Error updating password'), variant: 'destructive' });
    }
  });

  return (
    <>
      <Heading level={1}>Set a new password</Heading>
      <Text className="account-lead">
        Choose a new password for <strong>{link.email}</strong>.
      </Text>
      <Flex as="form" direction="column" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
        <NewPasswordFields idPrefix="reset" password={register('password')} confirm={register('confirmPassword')} errors={errors} />
        <Button type="submit" variation="primary" isFullWidth isDisabled={isSubmitting}>
          {isSubmitting ? 'Updating...' : 'Update Password'}
        </Button>
      </Flex>
    </>
  );
}
