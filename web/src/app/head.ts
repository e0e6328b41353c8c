/**
 * Per-page document metadata (title, description, Open Graph) from shared/content/site.ts. Used by the prerender
 * script to write each page's <head> and by the layout to keep the title right on client navigation.
 */
import { brand } from '@shared/content/brand';
import { notFoundTitle, type PageDef } from '@shared/content/site';

export interface PageMeta {
  readonly title: string;
  readonly description: string;
  /** Canonical path of the page; absent for the not-found page. */
  readonly path?: string;
  /** Keep out of search results (auth screens, payment results, the 404 page). */
  readonly noindex?: boolean;
}

export function metaOf(page: PageDef): PageMeta {
  return { title: page.title, description: page.description, path: page.path, noindex: !page.indexable };
}

export const notFoundMeta: PageMeta = {
  title: notFoundTitle,
  description: 'The page you are looking for does not exist. Return to the Cadence AI home page.',
  noindex: true,
};

/** Shared social preview image (1200x630), in web/public. */
const OG_IMAGE_PATH = '/og-image.jpg';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> tags of one page. `origin` makes og:url and og:image absolute, as Open Graph requires. */
export function headTags(meta: PageMeta, origin: string): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}">`,
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="${e(brand.name)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(meta.description)}">`,
    meta.path === undefined ? '' : `<meta property="og:url" content="${e(origin + meta.path)}">`,
    `<meta property="og:image" content="${e(origin + OG_IMAGE_PATH)}">`,
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    '<meta name="twitter:card" content="summary_large_image">',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Client side: update what a browser tab and assistive technology show after a navigation. */
export function applyMeta(meta: PageMeta): void {
  document.title = meta.title;
  const set = (selector: string, value: string) => document.head.querySelector(selector)?.setAttribute('content', value);
  set('meta[name="description"]', meta.description);
  set('meta[property="og:title"]', meta.title);
  set('meta[property="og:description"]', meta.description);
}
