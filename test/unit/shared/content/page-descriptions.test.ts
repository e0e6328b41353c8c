/** Every page has its own description, written once; any other path gets the not-found page's. */
import { describe, expect, it } from 'vitest';
import { descriptionOf, notFoundDescription, pageDescriptions } from '@shared/content/page-descriptions';
import { pages } from '@shared/content/site';

describe('descriptionOf', () => {
  it("answers each page's description by its path", () => {
    for (const [name, page] of Object.entries(pages)) {
      expect(descriptionOf(page.path)).toBe(pageDescriptions[name as keyof typeof pages]);
      expect(descriptionOf(page.path).length).toBeGreaterThan(10);
    }
  });

  it("answers the not-found page's description for any other path", () => {
    expect(descriptionOf('/no/such/page')).toBe(notFoundDescription);
    expect(descriptionOf(undefined)).toBe(notFoundDescription);
  });
});
