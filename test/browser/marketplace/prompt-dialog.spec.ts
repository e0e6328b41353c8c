/** Get prompt: the dialog over the local stack's prompt API (built-in generator), copy included. */
import { expect, test } from '@playwright/test';
import { purchaseNotVerifiedMessage } from '@shared/contract/schemas/prompt';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
import { skipRetryWaits } from '../../helpers/retry-clock';
import { card, rememberPurchases } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('shows Loading prompt..., then the tailored prompt; copy puts it on the clipboard with Copied! for 1 s', async ({ page }) => {
  await rememberPurchases(page, ['ai-system-prompt-generator']);
  // Hold the answer back a moment so the loading state can be seen; the answer itself is the real API's.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sent: unknown[] = [];
  await page.route('**/api/prompts', async (route) => {
    sent.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  await page.goto('/marketplace');
  const group = page.getByRole('group', { name: 'Customize Your AI Agent' });
  await group.getByLabel('Field').selectOption({ label: 'Healthcare' });
  await group.getByLabel('Business type').selectOption({ label: 'Medical Offices' });
  await group.getByLabel('Product').selectOption({ label: 'Schedule Assistant' });

  await card(page, 'AI Agent System Prompt Generator').getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Here is your AI system prompt' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Copy and use this in your AI app or workflow.')).toBeVisible();
  await expect(dialog.getByText('Loading prompt...')).toBeVisible();
  release();

  const prompt = dialog.getByLabel('AI system prompt');
  await expect(prompt).toContainText('You are the Schedule Assistant of a medical practice.');
  await expect(prompt).toContainText('## When to hand over to a human');
  await expect(dialog.getByText('Loading prompt...')).toHaveCount(0);
  expect(sent).toEqual([{ appId: 'ai-system-prompt-generator', fieldId: 'healthcare', subcategoryId: 'medical-offices', productId: 'schedule-assistant' }]);

  await page.clock.install();
  await dialog.getByRole('button', { name: 'Copy prompt' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await prompt.textContent());
  await page.clock.runFor(1000);
  await expect(dialog.getByRole('button', { name: 'Copy prompt' })).toBeVisible();

  await expectNoSeriousA11yViolations(page, { include: '.prompt-dialog' });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card(page, 'AI Agent System Prompt Generator').getByRole('button', { name: 'Get prompt' })).toBeFocused();
});

test('an app without customization gets its own prompt', async ({ page }) => {
  await rememberPurchases(page, ['ai-customer-support']);
  await page.goto('/marketplace');
  await card(page, 'AI Customer Support Bot').getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Here is your AI system prompt' });
  await expect(dialog.getByLabel('AI system prompt')).toContainText('# System prompt: AI Customer Support Bot');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a prompt service that fails once (502) is asked again after 1 s: the prompt shows, no error', async ({ page }) => {
  await rememberPurchases(page, ['ai-customer-support']);
  let calls = 0;
  await page.route('**/api/prompts', async (route) => {
    calls += 1;
    if (calls === 1) {
      await route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"The prompt service is not available right now (status 500). Please try again later."}' });
      return;
    }
    await route.continue();
  });
  await page.goto('/marketplace');
  await card(page, 'AI Customer Support Bot').getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Here is your AI system prompt' });
  await expect.poll(() => calls).toBe(1);
  // While the retry waits, the dialog keeps saying it is loading (the spec's 'Loading prompt...', no error).
  await expect(dialog.getByText('Loading prompt...')).toBeVisible();
  await expect(dialog.getByLabel('AI system prompt')).toContainText('# System prompt: AI Customer Support Bot');
  await expect(dialog.getByText('Could not fetch prompt. Please try again later.')).toHaveCount(0);
  expect(calls).toBe(2);
});

test('a failed fetch shows the error once the 3 retries are used up', async ({ page }) => {
  await rememberPurchases(page, ['ai-content-generator']);
  await page.clock.install();
  let calls = 0;
  await page.route('**/api/prompts', (route) => {
    calls += 1;
    return route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"down"}' });
  });
  await page.goto('/marketplace');
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Here is your AI system prompt' });
  const error = dialog.getByText('Could not fetch prompt. Please try again later.');
  await expect(dialog.getByText('Loading prompt...')).toBeVisible();
  await skipRetryWaits(page, error);
  await expect(dialog.getByRole('button', { name: 'Copy prompt' })).toHaveCount(0);
  expect(calls).toBe(4);
  // A network failure reads the same.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.unrouteAll();
  await page.route('**/api/prompts', (route) => route.abort('connectionrefused'));
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Get prompt' }).click();
  await skipRetryWaits(page, error);
});

test('a refusal (403: no purchase on record) shows the error at once, without retries', async ({ page }) => {
  await rememberPurchases(page, ['ai-content-generator']);
  let calls = 0;
  await page.route('**/api/prompts', (route) => {
    calls += 1;
    return route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"We could not find a completed purchase of this app."}' });
  });
  await page.goto('/marketplace');
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Here is your AI system prompt' });
  await expect(dialog.getByText('Could not fetch prompt. Please try again later.')).toBeVisible();
  // Had it been retried, the error would only show after all retries (calls = 4).
  expect(calls).toBe(1);
});

test('on a stage that sells prompts, a purchase the server could not verify says so instead of "try again later"', async ({ page }) => {
  // What the prompts function answers there after the fallback checkout (test/integration/marketplace/prompts.test.ts).
  await rememberPurchases(page, ['ai-content-generator']);
  await page.route('**/api/prompts', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: purchaseNotVerifiedMessage }) }),
  );
  await page.goto('/marketplace');
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Here is your AI system prompt' });
  await expect(dialog.getByRole('alert')).toHaveText('We could not verify your purchase, so the prompt cannot be shown. If you have just paid, please try again in a minute.');
  await expect(dialog.getByText('Could not fetch prompt. Please try again later.')).toHaveCount(0);
});
