/**
 * The site's own origin inside the build. The prerendered pages (og:url, og:image), sitemap.xml and robots.txt
 * name absolute URLs, so the build writes them for one origin (SITE_ORIGIN at build time, else the laptop's) and
 * records which in `siteOriginRecord`. A deployed stage replaces that origin with its own at deploy time
 * (infra/constructs/site-content.ts), so one build serves every stage and none points at localhost.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const siteOriginRecord = 'site-origin.txt';

/** The origin the build at `dir` was made for, or undefined for a build that did not record one. */
export function builtOrigin(dir: string): string | undefined {
  const file = join(dir, siteOriginRecord);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}
