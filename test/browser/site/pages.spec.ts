/** Services, About and Contact (spec 000_87e5fbf87b6c3f39.txt §1, 2 and 9). */
import { expect, test } from '@playwright/test';
import { waitForApp } from './support';

test.describe('Services', () => {
  test('package, six agent types, inclusions, support hours, benefits and the demo button', async ({ page }) => {
    await page.goto('/services');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('AI agents, set up and supported end to end');
    const pkg = main.getByRole('article', { name: 'AI Agent Package' });
    await expect(pkg).toContainText('MOST POPULAR');
    await expect(pkg).toContainText(/\$800\s*one-time setup/);
    await expect(pkg).toContainText(/\$200\s*per month per agent/);
    await expect(pkg.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    const types = main.getByRole('region', { name: 'Choose the agents your business needs' }).getByRole('heading', { level: 3 });
    await expect(types).toHaveText([
      'Lead Qualification / SDR Agent',
      'Customer Support Agent',
      'Email Manager Agent',
      'Social Media Agent',
      'Website Design Agent',
      'Custom Solution',
    ]);
    const included = main.getByRole('region', { name: "What's included with every agent" });
    await expect(included).toContainText('3-week discovery phase');
    await expect(included).toContainText('2-week optimization phase');
    await expect(included).toContainText('Dedicated support');
    const hours = included.getByRole('region', { name: 'Support hours' });
    await expect(hours).toContainText('Mon-Fri');
    await expect(hours).toContainText('7 PM-11 PM EST');
    await expect(hours).toContainText('Weekends');
    await expect(hours).toContainText('7 AM-2 PM EST');
    const benefits = main.getByRole('region', { name: 'What changes after launch' });
    for (const claim of ['up to 30%', '80%', '15+ hours']) await expect(benefits).toContainText(new RegExp(claim.replace('+', '\\+'), 'i'));
    await waitForApp(page);
    await main.getByRole('button', { name: 'Book Your Free Demo' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('About', () => {
  test('story, the three values, approach steps and a link to /contact', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Why we started Cadence AI' })).toBeVisible();
    await expect(main.getByRole('region', { name: 'What we stand for' }).getByRole('heading', { level: 3 })).toHaveText([
      'Human-centered',
      'Ethical innovation',
      'Results-driven',
    ]);
    await expect(main.getByRole('region', { name: 'How an engagement runs' }).getByRole('listitem')).toHaveCount(4);
    await waitForApp(page);
    await main.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  });
});

test.describe('Contact', () => {
  test('contact details, the demo blurb, the form and a four-question FAQ', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    const details = main.getByRole('region', { name: 'Get in touch' });
    await expect(details.getByRole('link', { name: 'hello@cadence-ai.example' })).toHaveAttribute('href', 'mailto:hello@cadence-ai.example');
    await expect(details.getByRole('link', { name: '+1 (555) 014-2290' })).toHaveAttribute('href', 'tel:+15550142290');
    await expect(details).toContainText('7 PM-11 PM EST');
    await expect(main.getByRole('region', { name: 'Prefer to see it live?' })).toContainText('30-45 minutes');
    await expect(main.locator('.contact-form-slot form, .contact-form-slot h2').first()).toBeVisible();
    const faq = main.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.locator('summary');
    await expect(questions).toHaveCount(4);
    const firstAnswer = faq.getByText(/Most agents go live within about six weeks/);
    await expect(firstAnswer).toBeHidden();
    await questions.first().click();
    await expect(firstAnswer).toBeVisible();
    await questions.first().click();
    await expect(firstAnswer).toBeHidden();
    await waitForApp(page);
    await main.getByRole('button', { name: 'Book a Free Demo' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
