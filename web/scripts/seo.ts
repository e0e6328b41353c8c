/**
 * sitemap.xml and robots.txt from the page list in shared/content/site.ts.
 *
 * A sitemap must list absolute URLs, but one build serves every stage. The build writes both files for
 * SITE_ORIGIN (the environment variable at build time, else the local default from shared/deployment/settings.ts): build
 * with the production origin for deploys. The CDK app can instead write per-stage files at deploy time with
 * these same functions (as it writes config.json), e.g. robots that disallow everything on a dev stage.
 */
import { pages } from '@shared/content/site';
import { settings } from '@shared/deployment/settings';

export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const origin = (env.SITE_ORIGIN ?? settings.SITE_ORIGIN.localDefault).replace(/\/+$/, '');
  const url = new URL(origin);
  if (url.pathname !== '/' || url.search || url.hash) throw new Error(`SITE_ORIGIN must be an origin, got ${origin}`);
  return url.origin;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sitemapXml(origin: string): string {
  const urls = Object.values(pages)
    .filter((page) => page.indexable)
    .map((page) => `  <url><loc>${escapeXml(origin + page.path)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function robotsTxt(origin: string, { allowIndexing = true }: { allowIndexing?: boolean } = {}): string {
  if (!allowIndexing) return 'User-agent: *\nDisallow: /\n';
  const hidden = Object.values(pages)
    .filter((page) => !page.indexable)
    .map((page) => `Disallow: ${page.path}`);
  return ['User-agent: *', 'Allow: /', ...hidden, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
