/**
 * `npm run build:web`: the whole web build.
 *   1. Amplify UI dark-mode tokens -> web/src/styles/amplify-dark.generated.css
 *   2. vite build (client, with manifest) -> web/dist
 *   3. vite build --ssr src/app/entry-server.tsx -> web/dist-ssr
 *   4. prerender the marketing pages, spa.html and 404.html (web/scripts/prerender.ts)
 *   5. sitemap.xml and robots.txt for SITE_ORIGIN (web/scripts/seo.ts)
 *   6. csp-hashes.json: the build's record of its inline scripts' CSP hashes (shared/deployment/hosting.ts hashes them),
 *      and site-origin.txt: the origin written into the pages (a deployed stage replaces it with its own)
 *   7. .br and .gz beside every text asset
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { inlineContentOf, inlineContentRecord, siteOriginRecord, type InlineContentRecord } from '@shared/deployment/hosting';
import { writeDarkModeCss } from './amplify-theme';
import { precompress } from './compress';
import { prerender } from './prerender';
import { robotsTxt, siteOrigin, sitemapXml } from './seo';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const configFile = join(webRoot, 'vite.config.ts');
const dist = join(webRoot, 'dist');
const distSsr = join(webRoot, 'dist-ssr');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

async function main() {
  const started = Date.now();
  const origin = siteOrigin();
  if (writeDarkModeCss()) console.log('amplify-dark.generated.css updated');

  await build({ configFile, mode: 'production', logLevel: 'warn' });
  await build({ configFile, mode: 'production', logLevel: 'warn', build: { ssr: 'src/app/entry-server.tsx' } });

  const { files } = await prerender({ dist, ssrEntry: join(distSsr, 'entry-server.js'), origin });
  for (const [path, file] of Object.entries(files)) console.log(`prerendered ${path.padEnd(26)} -> ${file}`);

  writeFileSync(join(dist, 'sitemap.xml'), sitemapXml(origin));
  writeFileSync(join(dist, 'robots.txt'), robotsTxt(origin));
  // A deployed stage puts its own origin in place of this one at deploy time (infra/constructs/site-content.ts).
  writeFileSync(join(dist, siteOriginRecord), `${origin}\n`);
  console.log(`sitemap.xml and robots.txt for ${origin} (set SITE_ORIGIN at build time for another origin)`);

  const inline = inlineContentOf(htmlFiles(dist).map((f) => readFileSync(f, 'utf8')));
  const record: InlineContentRecord = { 'script-src': inline.scriptHashes, inlineStyleAttributes: inline.styleAttributes };
  writeFileSync(join(dist, inlineContentRecord), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`${inlineContentRecord}: script-src ${inline.scriptHashes.join(' ')}`);

  const c = precompress(dist);
  console.log(`precompressed ${c.files} files: ${(c.bytes / 1024).toFixed(0)} KB -> br ${(c.brotli / 1024).toFixed(0)} KB, gz ${(c.gzip / 1024).toFixed(0)} KB`);
  console.log(`web build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
