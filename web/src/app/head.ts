/**
 * Per-page document metadata (title, description, Open Graph) from shared/content/site.ts and
 * shared/content/page-descriptions.ts: the route table's part (title, path) and the layout's update of the head on
 * client navigation. The prerender writes each page's <head> with ./head-tags.ts.
 */
import { notFoundTitle, type PageDef } from '@shared/content/site';

export interface PageMeta {
  readonly title: string;
  /** Canonical path of the page; absent for the not-found page. */
  readonly path?: string;
  /** Keep out of search results (auth screens, payment results, the 404 page). */
  readonly noindex?: boolean;
}

export function metaOf(page: PageDef): PageMeta {
  return { title: page.title, path: page.path, noindex: !page.indexable };
}

export const notFoundMeta: PageMeta = {
  title: notFoundTitle,
  noindex: true,
};

/**
 * Client side: update what a browser tab and assistive technology show after a navigation. The head of the page the
 * visitor arrived on is already right (prerendered): nothing to do, and nothing loaded. The description follows
 * once the descriptions have loaded (once per visit), unless the visitor has moved on by then.
 */
export function applyMeta(meta: PageMeta): void {
  if (document.title === meta.title) return;
  document.title = meta.title;
  const set = (selector: string, value: string) => document.head.querySelector(selector)?.setAttribute('content', value);
  set('meta[property="og:title"]', meta.title);
  void import('@shared/content/page-descriptions').then(({ descriptionOf }) => {
    if (document.title !== meta.title) return;
    set('meta[name="description"]', descriptionOf(meta.path));
    set('meta[property="og:description"]', descriptionOf(meta.path));
  });
}
