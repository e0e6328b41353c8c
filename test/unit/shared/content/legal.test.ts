/**
 * The privacy policy states what the site does: the retention production is configured with (one definition,
 * shared/content/retention.ts, which the prod stage uses), every form, where data goes (SES, the two webhooks,
 * Stripe) and how to ask for an export or an erasure.
 */
import { describe, expect, it } from 'vitest';
import { privacyPolicy, terms } from '@shared/content/legal';
import { publishedRetention } from '@shared/content/retention';
import { stageConfig } from '../../../../infra/stages';

const text = (page: typeof privacyPolicy) =>
  [page.intro, ...page.sections.flatMap((s) => [s.heading, ...(s.paragraphs ?? []), ...(s.items ?? [])])].join('\n');

describe('the privacy policy', () => {
  it('promises the retention the prod stage keeps', () => {
    expect(stageConfig('prod').retention).toEqual(publishedRetention);
    const policy = text(privacyPolicy);
    expect(policy).toContain('Demo requests, contact messages and ideas, with the record of their delivery and our internal notes: 1 year');
    expect(policy).toContain(`Files you attached: ${publishedRetention.attachmentDays} days`);
    expect(policy).toContain(`Files our staff export (a list of requests, or your data when you ask for it): ${publishedRetention.exportDays} day`);
  });

  it('names what each form collects, where it goes, and how to get it exported or erased', () => {
    const policy = text(privacyPolicy);
    for (const words of ['Book a free demo', 'Contact form', 'Idea Hub', 'Accounts', 'Purchases', 'Amazon SES', 'automation webhooks', 'Stripe', 'export', 'erasure', 'purchasedApps_v1', 'one-way hash']) {
      expect(policy, words).toContain(words);
    }
  });

  it('says what an erasure does with purchases and the staff’s mails of them: kept, without the e-mail address', () => {
    const policy = text(privacyPolicy);
    expect(policy).toContain('your purchases with our staff’s e-mails about them, and the answers and prompt versions of the prompts you tailored) and send you a copy as one file');
    expect(policy).toContain('Your customization answers and prompt versions are yours, not bookkeeping: an erasure deletes them with the rest.');
    expect(policy).toContain('On erasure we remove your e-mail address from them and keep only what was bought, the amount, the date and the payment references.');
    expect(policy).toContain('Our support staff get an e-mail of each purchase, cancelled subscription and failed renewal, with the e-mail address you paid with.');
    expect(policy).toContain('We keep our record of each staff e-mail about a purchase the same way, without your address');
  });
});

describe('the terms', () => {
  it('say what the fallback checkout is, and the promise of a reply within 24 hours', () => {
    const body = text(terms);
    expect(body).toContain('only simulates a payment');
    expect(body).toContain('within 24 hours');
  });
});
