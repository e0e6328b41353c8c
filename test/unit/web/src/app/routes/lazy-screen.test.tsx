/**
 * @vitest-environment happy-dom
 * What the data router used to give the app layer, re-built on the declarative router: lazy screens that render
 * synchronously once loaded (hydration equals the prerendered HTML) and error pages that reset on navigation.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from '../../../../../../web/src/app/RouteErrorBoundary';
import { lazyScreen } from '../../../../../../web/src/app/routes/lazy-screen';

afterEach(cleanup);

describe('lazyScreen', () => {
  it('renders its screen at once when preloaded, with no fallback in between', async () => {
    const Screen = lazyScreen(async () => ({ default: () => <h1>Loaded screen</h1> }));
    const wrapped = (
      <Suspense fallback={<p>fallback</p>}>
        <Screen />
      </Suspense>
    );
    expect(renderToString(wrapped)).toContain('fallback');
    await Screen.preload?.();
    const html = renderToString(wrapped);
    expect(html).toContain('<h1>Loaded screen</h1>');
    expect(html).not.toContain('fallback');
  });

  it('a screen whose code fails to load throws to the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await Screen.preload?.();
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Suspense fallback={null}>
            <Screen />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
  });
});

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
