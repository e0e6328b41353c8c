/** @vitest-environment happy-dom */
/**
 * The profile's password change holds the staff rule Cognito's one pool policy cannot (docs/security.md): a member
 * of the staff group needs at least 12 characters and is told so; a visitor keeps the spec's 6.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@shared/contract/schemas/auth';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { PasswordChangeForm } from '../../../../../../../web/src/features/accounts/components/PasswordChangeForm';
import { useAuthStore } from '../../../../../../../web/src/features/accounts/stores/auth';
import { useToastStore } from '../../../../../../../web/src/lib/toast';

const changePassword = vi.hoisted(() => vi.fn<(current: string, next: string) => Promise<void>>());
vi.mock('../../../../../../../web/src/features/accounts/api/auth-actions', () => ({ changePassword }));

afterEach(() => {
  cleanup();
  changePassword.mockReset();
  useToastStore.setState({ toasts: [] });
  useAuthStore.setState({ status: 'loading', user: null });
});

function renderFor(groups: string[]) {
  useAuthStore.setState({ status: 'signedIn', user: { sub: 'sub-1', email: 'ann@example.com', username: 'ann', groups } });
  render(<PasswordChangeForm />);
}

function submit(password: string) {
  fireEvent.input(screen.getByLabelText('Current password'), { target: { value: 'the-old-one' } });
  fireEvent.input(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.input(screen.getByLabelText('Confirm new password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('PasswordChangeForm', () => {
  it('asks a member of the staff group for at least 12 characters, and sends a long enough one', async () => {
    renderFor([STAFF_GROUP]);
    expect(screen.getByText('At least 12 characters.')).toBeTruthy();
    submit('eleven-char');
    await waitFor(() => expect(screen.getByText(authMessages.staffPassword)).toBeTruthy());
    expect(changePassword).not.toHaveBeenCalled();
    changePassword.mockResolvedValue();
    submit('twelve-chars');
    await waitFor(() => expect(changePassword).toHaveBeenCalledWith('the-old-one', 'twelve-chars'));
  });

  it("keeps the spec's 6 characters for a visitor", async () => {
    renderFor([]);
    expect(screen.getByText('At least 6 characters.')).toBeTruthy();
    changePassword.mockResolvedValue();
    submit('sixsix');
    await waitFor(() => expect(changePassword).toHaveBeenCalledWith('the-old-one', 'sixsix'));
  });
});
