/**
 * The smoke test of the whole path: the local stack answers the built site, the home page shows its heading
 * with no serious accessibility problem, and the runtime configuration the site reads is valid.
 */
import { expect, test } from '@playwright/test';
import { runtimeConfigSchema } from '@shared/contract/runtime-config';
import { pages } from '@shared/content/site';
import { expectNoSeriousA11yViolations } from '../helpers/axe';
import { localStack } from '../helpers/local-stack';

test('the home page answers with its heading and title', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(pages.home.title);
  await expectNoSeriousA11yViolations(page);
});

test('/config.json is the runtime configuration of the local stack', async ({ request }) => {
  const response = await request.get('/config.json');
  expect(response.status()).toBe(200);
  const config = runtimeConfigSchema.parse(await response.json());
  const stack = localStack();
  expect(config.stage).toBe('local');
  expect(config.auth).toMatchObject({ userPoolId: stack.userPoolId, userPoolClientId: stack.userPoolClientId, userPoolEndpoint: stack.endpoints.cognito });
});
