/** Get prompt: the dialog over the local stack's prompt API (built-in generator), copy included. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../helpers/axe';
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

test('a failed fetch shows the error', async ({ page }) => {
  await rememberPurchases(page, ['ai-content-generator']);
  await page.route('**/api/prompts', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"down"}' }));
  await page.goto('/marketplace');
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Here is your AI system prompt' });
  await expect(dialog.getByText('Could not fetch prompt. Please try again later.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy prompt' })).toHaveCount(0);
  // A network failure reads the same.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.unrouteAll();
  await page.route('**/api/prompts', (route) => route.abort('connectionrefused'));
  await card(page, 'AI Content Generator').getByRole('button', { name: 'Get prompt' }).click();
  await expect(dialog.getByText('Could not fetch prompt. Please try again later.')).toBeVisible();
});
