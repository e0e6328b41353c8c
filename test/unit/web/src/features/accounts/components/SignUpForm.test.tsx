/** @vitest-environment happy-dom */
/**
 * A username the pre-sign-up trigger refuses (a sign-up from an older copy of the page, or whatever slipped past
 * the form) comes back from Cognito as "PreSignUp failed with error <message>."; the form shows the rule's own
 * message on the Username field and in the toast, not Cognito's wrapping.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@shared/contract/schemas/auth';
import { SignUpForm } from '../../../../../../../web/src/features/accounts/components/SignUpForm';
import { useToastStore } from '../../../../../../../web/src/lib/toast';

const signUpAccount = vi.hoisted(() => vi.fn<(input: { username: string; email: string; password: string }) => Promise<void>>());
vi.mock('../../../../../../../web/src/features/accounts/api/auth-actions', () => ({ signUpAccount, resendConfirmation: vi.fn<(email: string) => Promise<void>>() }));

afterEach(() => {
  cleanup();
  signUpAccount.mockReset();
  useToastStore.setState({ toasts: [] });
});

async function submit(username: string) {
  render(<SignUpForm />);
  fireEvent.input(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
  fireEvent.input(screen.getByLabelText('Confirm Password'), { target: { value: 'secret-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  await waitFor(() => expect(signUpAccount).toHaveBeenCalled());
}

describe('SignUpForm and the pre-sign-up trigger', () => {
  it("shows the trigger's message on the Username field and in the toast", async () => {
    signUpAccount.mockRejectedValue(
      Object.assign(new Error(`PreSignUp failed with error ${authMessages.username}.`), { name: 'UserLambdaValidationException' }),
    );
    await submit('Ada');
    await waitFor(() => expect(screen.getByText(authMessages.username)).toBeTruthy());
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(useToastStore.getState().toasts.map((t) => [t.title, t.variant])).toEqual([[authMessages.username, 'destructive']]);
  });

  it('keeps the spec’s fallback for a trigger failure that carries no message of ours', async () => {
    signUpAccount.mockRejectedValue(Object.assign(new Error('Lambda threw an exception'), { name: 'UnexpectedLambdaException' }));
    await submit('Ada');
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]?.title).toBe('Lambda threw an exception');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).not.toBe('true');
  });
});
