/** Helpers for the site shell's browser tests. */
import { expect, type Page } from '@playwright/test';
import { waitForHydration } from '../../helpers/hydration';

export const marketingRoutes = [
  { path: '/', heading: 'Custom AI agents that work while you sleep' },
  { path: '/services', heading: 'AI agents, set up and supported end to end' },
  { path: '/about', heading: 'We build AI agents that teams actually trust' },
  { path: '/contact', heading: 'Contact us' },
] as const;

/** Every prerendered route (the marketing pages plus the Idea Hub, the marketplace and the legal pages). */
export const prerenderedRoutes = [...marketingRoutes.map((r) => r.path), '/idea-hub', '/marketplace', '/privacy', '/terms'] as const;

export type Theme = 'dark' | 'light';

/** Stores a theme before the first page of the test loads (as a returning visitor would have it). */
export async function storeTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('theme-seeded')) {
      localStorage.setItem('theme', t);
      sessionStorage.setItem('theme-seeded', '1');
    }
  }, theme);
}

/** Collects console errors and uncaught exceptions (hydration mismatches surface as both). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until React has hydrated the prerendered page (the theme store has synced and handlers are attached). */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', /dark|light/);
  await waitForHydration(page);
}

/** The project's axe check (WCAG 2.x A/AA, no serious or critical violation). */
export { expectNoSeriousA11yViolations } from '../../helpers/axe';
