import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import IdeaHubPage from '../../../../../../../web/src/features/idea-hub/pages/IdeaHubPage';
import { ideaBudgets, ideaBusinessTypes } from '@shared/contract/schemas/idea';

// The page is prerendered at build time: it must render in Node (no window, no document) with its whole form.
describe('the Idea Hub page rendered on the server', () => {
  const html = renderToString(<IdeaHubPage />);

  it('has the hero, the note and the form', () => {
    expect(typeof window).toBe('undefined');
    expect(html).toContain('<h1 id="idea-hub-title">Idea Hub</h1>');
    expect(html).toContain('Submit Your Idea');
    expect(html).toContain('kept confidential and reviewed only by our internal team');
    for (const label of ['App title', 'Description', 'Target users', 'Business sector', 'Budget', 'Supporting documents (optional)', 'Full name', 'Email', 'Phone']) {
      expect(html).toContain(`>${label}</label>`);
    }
    expect(html).toMatch(/<input[^>]*id="idea-email"[^>]*type="email"|<input[^>]*type="email"[^>]*id="idea-email"/);
    expect(html).toMatch(/<textarea[^>]*id="idea-description"/);
    expect(html).toMatch(/<textarea[^>]*id="idea-target-users"/);
    expect(html).toContain('accept=".csv,.xlsx,.pptx,.pdf,.txt,.mp3"');
    expect(html).toContain('Accepted formats: .csv, .xlsx, .pptx, .pdf, .txt, .mp3. Up to 5 files, 10MB each.');
    expect(html).toContain('Selected files: <!-- -->0<!-- -->/<!-- -->5');
  });

  it('lists every business type and budget', () => {
    for (const value of [...ideaBusinessTypes, ...ideaBudgets]) {
      const escaped = value.replace(/&/g, '&amp;');
      expect(html).toContain(`<option value="${escaped}">${escaped}</option>`);
    }
  });
});
