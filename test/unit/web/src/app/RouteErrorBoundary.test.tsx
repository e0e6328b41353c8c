/**
 * @vitest-environment happy-dom
 * The error page the data router used to give the app layer, re-built on the declarative router: it shows the
 * router's fallback heading and resets on navigation.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from '../../../../../web/src/app/RouteErrorBoundary';

afterEach(cleanup);

describe('RouteErrorBoundary', () => {
  function CrashesOnBroken() {
    const { pathname } = useLocation();
    if (pathname === '/broken') throw new Error('The screen crashed');
    return <h1>Page {pathname}</h1>;
  }

  it('shows the error page in place of what crashed, and the next navigation tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <nav>
          <Link to="/fine">Elsewhere</Link>
        </nav>
        <RouteErrorBoundary>
          <CrashesOnBroken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The screen crashed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    // The link outside the boundary (the header's, in the app) still works.
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    });
    expect(screen.getByRole('heading', { name: 'Page /fine' })).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});
