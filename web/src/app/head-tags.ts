/**
 * A page's <head> tags, written by the prerender (web/scripts/prerender.ts through ./entry-server.tsx): title,
 * description, Open Graph. Server side only, so the descriptions stay out of the pages' code.
 */
import { brand } from '@shared/content/brand';
import { descriptionOf } from '@shared/content/page-descriptions';
import type { PageMeta } from './head';

/** Shared social preview image (1200x630), in web/public. */
const OG_IMAGE_PATH = '/og-image.jpg';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The <head> tags of one page. `origin` makes og:url and og:image absolute, as Open Graph requires; the description
 * is the page's (by its path) unless given.
 */
export function headTags(meta: PageMeta, origin: string, description = descriptionOf(meta.path)): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="${e(brand.name)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    meta.path === undefined ? '' : `<meta property="og:url" content="${e(origin + meta.path)}">`,
    `<meta property="og:image" content="${e(origin + OG_IMAGE_PATH)}">`,
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    '<meta name="twitter:card" content="summary_large_image">',
  ];
  return tags.filter(Boolean).join('\n    ');
}
