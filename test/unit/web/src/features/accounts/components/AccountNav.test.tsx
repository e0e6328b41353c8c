/** @vitest-environment happy-dom */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { MemoryRouter } from 'react-router-dom';
import AccountNav from '../../../../../../../web/src/features/accounts/components/AccountNav';
import { useAuthStore } from '../../../../../../../web/src/features/accounts/stores/auth';

afterEach(() => {
  cleanup();
  useAuthStore.setState({ status: 'loading', user: null });
});

function renderNav() {
  return render(
    <MemoryRouter>
      <nav aria-label="Account">
        <AccountNav />
      </nav>
    </MemoryRouter>,
  );
}

describe('AccountNav', () => {
  it('signed out: a Sign In link to /auth', () => {
    useAuthStore.getState().signedOut();
    renderNav();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it("signed in: 'My Profile' (/profile) and a 'Sign Out' button", () => {
    useAuthStore.getState().signedIn({ sub: 's', email: 'ada@example.com', username: 'ada', groups: [] });
    renderNav();
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    // Not staff: no way into the console from the header.
    expect(screen.queryByRole('link', { name: 'Staff' })).toBeNull();
  });

  it("signed in as a member of the staff group: a 'Staff' link to /staff as well", () => {
    useAuthStore.getState().signedIn({ sub: 's', email: 'ann@example.com', username: 'ann', groups: ['staff'] });
    renderNav();
    expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/staff');
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
  });

  it("a group that only looks like staff ('staffing', 'Staff') shows no 'Staff' link", () => {
    useAuthStore.getState().signedIn({ sub: 's', email: 'bo@example.com', username: 'bo', groups: ['staffing', 'Staff'] });
    renderNav();
    expect(screen.queryByRole('link', { name: 'Staff' })).toBeNull();
  });

  it('loads no Amplify code up front: Amplify is only in lazily imported chunks', async () => {
    const root = `${process.cwd()}/`;
    const result = await build({
      entryPoints: [`${root}web/src/features/accounts/components/AccountNav.tsx`],
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: '/tmp/account-nav-check',
      metafile: true,
      jsx: 'automatic',
      loader: { '.css': 'empty' },
      logLevel: 'silent',
    });
    const outputs = result.metafile.outputs;
    const entry = Object.keys(outputs).find((k) => outputs[k]?.entryPoint?.endsWith('AccountNav.tsx'));
    expect(entry).toBeDefined();
    // Everything the entry needs before it runs: its own inputs plus every chunk it imports statically.
    const eager = new Set<string>();
    const visit = (file: string) => {
      if (eager.has(file)) return;
      eager.add(file);
      for (const imp of outputs[file]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    };
    visit(entry as string);
    const eagerInputs = [...eager].flatMap((f) => Object.keys(outputs[f]?.inputs ?? {}));
    const lazyInputs = Object.values(outputs).flatMap((o) => Object.keys(o.inputs));
    expect(lazyInputs.some((i) => i.includes('aws-amplify'))).toBe(true);
    expect(eagerInputs.filter((i) => i.includes('amplify'))).toEqual([]);
  });
});
