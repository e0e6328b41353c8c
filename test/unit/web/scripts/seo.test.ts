/** sitemap.xml and robots.txt from shared/content/site.ts: absolute URLs, only indexable pages. */
import { describe, expect, it } from 'vitest';
import { pages } from '@shared/content/site';
import { robotsTxt, siteOrigin, sitemapXml } from '../../../../web/scripts/seo';

describe('sitemap and robots', () => {
  const origin = 'https://www.cadence-ai.example';

  it('lists every indexable page with an absolute URL, and nothing else', () => {
    const xml = sitemapXml(origin);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(Object.values(pages).filter((p) => p.indexable).map((p) => origin + p.path));
    expect(locs).toContain(`${origin}/marketplace`);
    expect(locs).not.toContain(`${origin}/auth`);
  });

  it('points robots at the sitemap and keeps account and payment screens out', () => {
    const robots = robotsTxt(origin);
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).toContain('Disallow: /profile');
    expect(robots).not.toMatch(/Disallow: \/\n/);
    expect(robotsTxt(origin, { allowIndexing: false })).toBe('User-agent: *\nDisallow: /\n');
  });

  it('takes the origin from SITE_ORIGIN and refuses a URL with a path', () => {
    expect(siteOrigin({ SITE_ORIGIN: 'https://cadence.example/' })).toBe('https://cadence.example');
    expect(siteOrigin({})).toBe('http://localhost:3000');
    expect(() => siteOrigin({ SITE_ORIGIN: 'https://cadence.example/site' })).toThrow(/origin/);
  });
});
