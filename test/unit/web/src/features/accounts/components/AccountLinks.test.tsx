/** @vitest-environment happy-dom */
/**
 * The header's account links: a browser without a stored session (nothing stored through the session's token
 * storage) gets the Sign In link and is signed out without loading the full links or the session code; a browser
 * with one (or a visitor who has signed in meanwhile) gets the full links (AccountNav) and the idle-time check.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { defaultStorage } from 'aws-amplify/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AccountLinks } from '../../../../../../../web/src/features/accounts/components/AccountLinks';
import { useAuthStore } from '../../../../../../../web/src/features/accounts/stores/auth';
import { recordedTokenStorage } from '../../../../../../../web/src/features/accounts/utils/token-storage';

const loaded = vi.hoisted(() => ({ accountNav: 0, sessionChecks: 0 }));
vi.mock('../../../../../../../web/src/features/accounts/components/AccountNav', () => {
  loaded.accountNav++;
  return { default: () => <span>full account links</span> };
});
vi.mock('../../../../../../../web/src/features/accounts/utils/start-session', () => ({
  startSessionWhenIdle: () => {
    loaded.sessionChecks++;
  },
}));


async function renderLinks() {
  render(
    <MemoryRouter>
      <AccountLinks />
    </MemoryRouter>,
  );
  // Lazy modules and effects settle.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ status: 'loading', user: null });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('AccountLinks', () => {
  it('no stored session: Sign In, signed out, and neither the full links nor the session check are loaded', async () => {
    await renderLinks();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(loaded.accountNav).toBe(0);
    expect(loaded.sessionChecks).toBe(0);
  });

  it('a stored session: the full links and the session check', async () => {
    await recordedTokenStorage(defaultStorage).setItem('a-token-key', 'token'); // as Amplify stores one
    await renderLinks();
    expect(await screen.findByText('full account links')).toBeTruthy();
    expect(loaded.sessionChecks).toBe(1);
  });

  it('signed in during the visit (the store says so): the full links', async () => {
    useAuthStore.getState().signedIn({ sub: 's', email: 'ann@example.com', username: 'ann', groups: [] });
    await renderLinks();
    expect(await screen.findByText('full account links')).toBeTruthy();
  });
});
