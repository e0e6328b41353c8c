/**
 * A message on an account screen (account confirmed, verification mail sent, profile not loaded), as an Amplify
 * UI Alert with an optional action under it. It is a polite status region like the <output> it replaced: the
 * same news also arrives as a toast, so it must not interrupt a second time.
 */
import { Alert, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

export function AccountNotice({ tone = 'success', children, action }: { tone?: 'success' | 'info' | 'error'; children: ReactNode; action?: ReactNode }) {
  return (
    <Flex direction="column" alignItems="flex-start" gap="0.75rem" className="account-notice">
      {/* Alert renders a <div role="alert">; the role is what is overridden here, there is no tag to choose. */}
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
      <Alert variation={tone} role="status" hasIcon={false}>
        {children}
      </Alert>
      {action}
    </Flex>
  );
}
