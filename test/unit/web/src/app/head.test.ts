/** @vitest-environment happy-dom */
/**
 * The head follows client-side navigation: the title at once, the description once the descriptions have loaded
 * (they are kept out of every page's first load). The page the visitor arrived on keeps its prerendered head.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageDescriptions } from '@shared/content/page-descriptions';
import { pages } from '@shared/content/site';
import { applyMeta, metaOf } from '../../../../../web/src/app/head';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

beforeEach(() => {
  document.head.innerHTML = `<title>${pages.home.title}</title><meta name="description" content="${pageDescriptions.home}"><meta property="og:title" content="${pages.home.title}"><meta property="og:description" content="${pageDescriptions.home}">`;
});

describe('applyMeta', () => {
  it("changes the title and, once loaded, the description and Open Graph tags to the next page's", async () => {
    applyMeta(metaOf(pages.services));
    expect(document.title).toBe(pages.services.title);
    await vi.waitFor(() => expect(description()).toBe(pageDescriptions.services));
    expect(document.head.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(pageDescriptions.services);
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(pages.services.title);
  });

  it('leaves a description of a page the visitor has already left', async () => {
    applyMeta(metaOf(pages.services));
    applyMeta(metaOf(pages.about));
    await vi.waitFor(() => expect(description()).toBe(pageDescriptions.about));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(description()).toBe(pageDescriptions.about);
  });
});
