/**
 * `npm run bench:web`: what the marketing pages cost a visitor, against the budgets of issue 3.
 *
 * 1. Builds the site if web/dist is missing or older than its sources (`--build` forces a build).
 * 2. For /, /services, /about, /contact: the JavaScript loaded before the page is interactive (the HTML's
 *    module scripts and modulepreloads, plus their static imports; lazy chunks are not counted) and the CSS
 *    it links, in gzip (level 9, as precompressed) and brotli (what the local server actually sends).
 *    Budgets: Home JS <= 90 KB gzip, CSS <= 20 KB gzip on every route.
 * 3. Lighthouse 12.8 (bench/lighthouse, its own install, made on the first run) against the built site served with precompressed
 *    files, Chromium from CHROME_PATH or as the browser tests find it: desktop and mobile, median of 3 runs each, with
 *    the machine's benchmark index (this machine is shared and noisy). Budgets: Accessibility, Best
 *    Practices, SEO 100; Performance >= 95 desktop / >= 90 mobile; CLS 0.
 *
 * Flags: --build, --runs N (default 3), --no-lighthouse, --lighthouse-routes /,/services (default: all four: /, /services, /about, /contact).
 * Exit code 1 when a budget is missed.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startStaticServer } from '../../web/scripts/serve';
import { chromiumFlags, chromiumPath } from '../helpers/chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'web', 'dist');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
};

const ROUTES = ['/', '/services', '/about', '/contact'];
const BUDGET = { homeJsGzipKb: 90, cssGzipKb: 20, a11y: 100, bestPractices: 100, seo: 100, perfDesktop: 95, perfMobile: 90, cls: 0 };
const failures: string[] = [];

// ---------------------------------------------------------------- build
function newestMtime(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function ensureBuild() {
  const built = join(dist, 'index.html');
  const sources = Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'shared')));
  if (!flag('--build') && existsSync(built) && statSync(built).mtimeMs >= sources) {
    console.log('web/dist is up to date (pass --build to rebuild)');
    return;
  }
  console.log('building the site (npm run build:web)...');
  execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit' });
}

// ---------------------------------------------------------------- bytes
const kb = (bytes: number) => bytes / 1024;
const fmt = (n: number) => n.toFixed(1).padStart(6);
const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).length;
const brotliSize = (data: Buffer) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function htmlFileOf(route: string): string {
  return route === '/' ? join(dist, 'index.html') : join(dist, route.slice(1), 'index.html');
}

/** JS files the page loads before it can be interactive: module scripts, modulepreloads, their static imports. */
function criticalJs(html: string, distDir: string): string[] {
  const start = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] as string),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] as string),
  ];
  const seen = new Set<string>();
  const queue = start.map((href) => join(distDir, href));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`, `export … from`); `import("./x.js")` is lazy.
    for (const m of code.matchAll(/\bfrom\s*["'](\.{1,2}\/[^"']+\.js)["']|\bimport\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(resolve(dirname(file), (m[1] ?? m[2]) as string));
    }
  }
  return [...seen];
}

function cssOf(html: string, distDir: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*\shref="([^"]+)"/g)].map((m) => join(distDir, m[1] as string));
}

function sizes(files: string[]) {
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const f of files) {
    const data = readFileSync(f);
    raw += data.length;
    gz += gzipSize(data);
    br += brotliSize(data);
  }
  return { raw, gz, br };
}

function bytesReport() {
  console.log('\n== bytes before interactive (KB; gzip level 9 / brotli 11 / raw)');
  console.log('route         JS gzip    br     raw  files | CSS gzip    br     raw');
  for (const route of ROUTES) {
    const html = readFileSync(htmlFileOf(route), 'utf8');
    const js = criticalJs(html, dist);
    const css = cssOf(html, dist);
    const j = sizes(js);
    const c = sizes(css);
    console.log(
      `${route.padEnd(12)} ${fmt(kb(j.gz))} ${fmt(kb(j.br))} ${fmt(kb(j.raw))} ${String(js.length).padStart(5)} | ${fmt(kb(c.gz))} ${fmt(kb(c.br))} ${fmt(kb(c.raw))}`,
    );
    if (route === '/') {
      const ok = kb(j.gz) <= BUDGET.homeJsGzipKb;
      console.log(`  Home JS ${kb(j.gz).toFixed(1)} KB gzip (${kb(j.br).toFixed(1)} KB brotli sent) vs budget ${BUDGET.homeJsGzipKb} KB gzip: ${ok ? 'ok' : 'OVER'}`);
      if (!ok) failures.push(`Home JS ${kb(j.gz).toFixed(1)} KB gzip > ${BUDGET.homeJsGzipKb}`);
      for (const f of js) {
        const data = readFileSync(f);
        console.log(`    ${fmt(kb(gzipSize(data)))} KB gz  ${f.slice(dist.length + 1)}`);
      }
    }
    if (kb(c.gz) > BUDGET.cssGzipKb) failures.push(`${route} CSS ${kb(c.gz).toFixed(1)} KB gzip > ${BUDGET.cssGzipKb}`);
  }
  console.log(`  CSS budget ${BUDGET.cssGzipKb} KB gzip per route`);
}

// ---------------------------------------------------------------- lighthouse

interface Run {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  cls: number;
  lcp: number;
  tbt: number;
  fcp: number;
  benchmarkIndex: number;
  failed: string[];
}

const lighthouseDir = join(root, 'bench', 'lighthouse');
const lighthouseCli = join(lighthouseDir, 'node_modules', 'lighthouse', 'cli', 'index.js');

/**
 * Lighthouse lives in bench/lighthouse with its own package.json and lockfile, apart from the app's (its tree asks
 * for third-party-web@latest, which once broke the app's `npm ci`). A fresh clone has no install there yet: install
 * it from that lockfile once, so a newcomer's first `npm run bench:web` measures instead of failing.
 */
function ensureLighthouse(): boolean {
  if (existsSync(lighthouseCli)) return true;
  console.log('\n== Lighthouse is not installed yet: npm ci in bench/lighthouse (its own lockfile; once) ...');
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: lighthouseDir, stdio: 'inherit' });
  if (run.status === 0 && existsSync(lighthouseCli)) return true;
  console.log('  the install failed (see above); retry with: npm ci --prefix bench/lighthouse');
  failures.push('Lighthouse could not be installed');
  return false;
}

function lighthouse(url: string, desktop: boolean): Promise<Run> {
  const argv = [
    lighthouseCli,
    url,
    ...(desktop ? ['--preset=desktop'] : []),
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${chromiumFlags.join(' ')}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
  ];
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, argv, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? chromiumPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`));
      const lhr = JSON.parse(out) as {
        categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
        audits: Record<string, { numericValue?: number; score: number | null; scoreDisplayMode: string }>;
        environment: { benchmarkIndex: number };
      };
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failed: string[] = [];
      for (const id of ['accessibility', 'best-practices', 'seo']) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable') failed.push(`${id}:${ref.id}`);
        }
      }
      resolveRun({
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        seo: score('seo'),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        failed,
      });
    });
  });
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function lighthouseReport() {
  if (!ensureLighthouse()) return;
  const runs = Number(option('--runs', '3'));
  const routes = option('--lighthouse-routes', ROUTES.join(',')).split(',');
  const server = await startStaticServer({ dir: dist });
  try {
    for (const route of routes) {
      for (const desktop of [true, false]) {
        const form = desktop ? 'desktop' : 'mobile';
        console.log(`\n== Lighthouse ${form} ${route} (${runs} runs, ${server.url})`);
        const results: Run[] = [];
        for (let i = 0; i < runs; i++) {
          const r = await lighthouse(server.url + route, desktop);
          results.push(r);
          console.log(
            `  run ${i + 1}: perf ${r.perf} a11y ${r.a11y} bp ${r.bp} seo ${r.seo} | FCP ${Math.round(r.fcp)} ms LCP ${Math.round(r.lcp)} ms TBT ${Math.round(r.tbt)} ms CLS ${r.cls.toFixed(3)} | benchmarkIndex ${Math.round(r.benchmarkIndex)}`,
          );
          if (r.failed.length) console.log(`         failing audits: ${r.failed.join(', ')}`);
        }
        const m = (pick: (r: Run) => number) => median(results.map(pick));
        const range = (pick: (r: Run) => number) => `${Math.min(...results.map(pick))}-${Math.max(...results.map(pick))}`;
        const perfBudget = desktop ? BUDGET.perfDesktop : BUDGET.perfMobile;
        console.log(
          `  median: perf ${m((r) => r.perf)} (${range((r) => r.perf)}) a11y ${m((r) => r.a11y)} bp ${m((r) => r.bp)} seo ${m((r) => r.seo)} CLS ${m((r) => r.cls).toFixed(3)} LCP ${Math.round(m((r) => r.lcp))} ms TBT ${Math.round(m((r) => r.tbt))} ms | benchmarkIndex ${Math.round(m((r) => r.benchmarkIndex))} (${range((r) => Math.round(r.benchmarkIndex))})`,
        );
        const check = (label: string, value: number, ok: boolean) => {
          if (!ok) failures.push(`${form} ${route} ${label} ${value}`);
        };
        check('performance', m((r) => r.perf), m((r) => r.perf) >= perfBudget);
        check('accessibility', m((r) => r.a11y), m((r) => r.a11y) >= BUDGET.a11y);
        check('best-practices', m((r) => r.bp), m((r) => r.bp) >= BUDGET.bestPractices);
        check('seo', m((r) => r.seo), m((r) => r.seo) >= BUDGET.seo);
        check('CLS', m((r) => r.cls), m((r) => r.cls) <= BUDGET.cls);
        console.log(`  budgets: perf >= ${perfBudget}, a11y/bp/seo ${BUDGET.a11y}, CLS ${BUDGET.cls}`);
      }
    }
  } finally {
    await server.close();
  }
}

async function main() {
  ensureBuild();
  bytesReport();
  if (!flag('--no-lighthouse')) await lighthouseReport();
  console.log(failures.length ? `\nover budget: ${failures.join('; ')}` : '\nall budgets met');
  process.exit(failures.length ? 1 : 0);
}

void main();
