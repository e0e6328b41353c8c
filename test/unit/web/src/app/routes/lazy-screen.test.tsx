/**
 * @vitest-environment happy-dom
 * What the data router used to give the app layer, re-built on the declarative router: lazy screens that render
 * synchronously once loaded (hydration equals the prerendered HTML) and throw a failed load to the error page.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
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
