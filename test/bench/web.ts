/**
 * `npm run bench:web`: what every route of the site costs a visitor, against the budgets of test/bench/web/routes.ts
 * (each with its reason there).
 *
 * 1. Builds the site if web/dist is missing or older than its sources (`--build` forces a build).
 * 2. Bytes: for every route of the route table (./web/routes.ts), the JavaScript and CSS the route loads
 *    before it is interactive, measured in Chromium (./web/bytes.ts), in KB gzip (brotli, what the site sends,
 *    beside). Budget: JavaScript <= 100 KB on Home, <= 125 KB on any route. CSS is printed, not budgeted.
 * 3. Interactions: input-to-next-paint latency (Event Timing) of the site's interactions with the CPU slowed down 4
 *    times (./web/interactions.ts), the median of 3 fresh pages each. Budget: each <= 200 ms.
 * 4. Lighthouse on every prerendered route, mobile and desktop, median of 3 runs each (./web/lighthouse.ts), with
 *    the machine's benchmark index. Budgets: performance >= 98 on mobile and 100 on desktop, CLS 0, accessibility,
 *    best practices and SEO 100. A mobile score under 100 is printed with the metrics that lost points.
 * The result is written into docs/benchmarks.md (section bench:web, ./report.ts).
 *
 * Flags: --build, --runs N (Lighthouse runs per route and form factor, default 3), --interaction-runs N (default 3),
 * --no-lighthouse, --no-interactions, --lighthouse-routes /,/services (default: every prerendered route).
 * Exit code 1 when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { startStaticServer } from '../../web/scripts/serve';
import { chromiumFlags, chromiumPath } from '../helpers/chromium';
import { writeBenchSection } from './report';
import { gzipSize, measureRouteBytes } from './web/bytes';
import { interactionRow, measureInteractions } from './web/interactions';
import { ensureLighthouse, lighthouse, median, type LighthouseRun } from './web/lighthouse';
import { interactionBudget, jsBudgetKb, jsBudgetOf, lighthouseBudget, siteRoutes } from './web/routes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'web', 'dist');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
};

const failures: string[] = [];
/** What the run measured, for docs/benchmarks.md: the lines printed as each part's result. */
const summary: string[] = [];
const report = (line: string) => {
  console.log(line);
  summary.push(line);
};
const kb = (bytes: number) => bytes / 1024;
const fmt = (n: number, width = 6) => n.toFixed(1).padStart(width);

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
async function bytesReport(browser: Browser, baseUrl: string) {
  report(`== JavaScript and CSS before interactive, per route (KB gzip level 9; brotli, as sent, in brackets); JS budget <= ${jsBudgetKb.home} on Home, <= ${jsBudgetKb.anyRoute} elsewhere`);
  report(`${'route'.padEnd(28)} ${'JS'.padStart(7)} ${'(br)'.padStart(8)} ${'budget'.padStart(7)} files | ${'CSS'.padStart(6)} ${'(br)'.padStart(8)} | then at idle: JS`);
  for (const route of siteRoutes) {
    const r = await measureRouteBytes(browser, baseUrl, dist, route.path);
    const budget = jsBudgetOf(route.path);
    const ok = kb(r.js.gzip) <= budget;
    report(
      `${route.path.padEnd(28)} ${fmt(kb(r.js.gzip), 7)} (${fmt(kb(r.js.brotli))}) ${`<= ${budget}`.padStart(7)} ${String(r.js.files.length).padStart(5)} | ` +
        `${fmt(kb(r.css.gzip))} (${fmt(kb(r.css.brotli))}) | ` +
        `${fmt(kb(r.idleJs.gzip))} (${r.idleJs.files.map((f) => f.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')).join(', ') || '-'})` +
        `${ok ? '' : `  OVER by ${(kb(r.js.gzip) - budget).toFixed(1)}`}`,
    );
    if (!ok) failures.push(`${route.path} JS ${kb(r.js.gzip).toFixed(1)} KB gzip > ${budget}`);
    if (route.path === '/') {
      console.log('  Home, file by file (KB gzip):');
      for (const f of r.js.files) console.log(`    ${fmt(kb(gzipSize(readFileSync(join(dist, f)))))}  ${f}`);
    }
  }
}

// ---------------------------------------------------------------- interactions
async function interactionsReport(browser: Browser, baseUrl: string) {
  const runs = Number(option('--interaction-runs', '3'));
  report(
    `\n== Interactions: input to next paint (Event Timing), CPU slowed down ${interactionBudget.cpuSlowdown}x, median of ${runs} fresh pages ` +
      `(the runs in brackets; < 16: under Event Timing's smallest threshold); budget <= ${interactionBudget.ms} ms each`,
  );
  const results = await measureInteractions(browser, baseUrl, runs, (line) => console.log(line));
  const over = results.filter((r) => r.ms > interactionBudget.ms);
  for (const r of over) failures.push(`interaction ${r.route} ${r.name} ${Math.round(r.ms)} ms > ${interactionBudget.ms}`);
  if (results.length === 0) failures.push('no interaction was measured');
  // The five slowest and every one over budget: the full list is printed above.
  const slowest = [...results].sort((a, b) => b.ms - a.ms);
  for (const r of slowest.filter((r, i) => i < 5 || r.ms > interactionBudget.ms)) summary.push(interactionRow(r.route, r.name, r.ms, r.samples));
  report(`  ${results.length} interactions measured; slowest ${Math.round(slowest[0]?.ms ?? 0)} ms (${slowest[0]?.route} ${slowest[0]?.name}); over budget: ${over.length}`);
}

// ---------------------------------------------------------------- lighthouse
async function lighthouseReport(baseUrl: string) {
  if (!ensureLighthouse(root)) {
    failures.push('Lighthouse could not be installed');
    return;
  }
  const runs = Number(option('--runs', '3'));
  const prerendered = siteRoutes.filter((r) => r.lighthouse).map((r) => r.path);
  const routes = option('--lighthouse-routes', prerendered.join(',')).split(',');
  const lines: string[] = [];
  for (const route of routes) {
    for (const desktop of [false, true]) {
      const form = desktop ? 'desktop' : 'mobile';
      console.log(`\n== Lighthouse ${form} ${route} (${runs} runs)`);
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await lighthouse(root, baseUrl + route, desktop);
        results.push(r);
        console.log(
          `  run ${i + 1}: perf ${r.perf} a11y ${r.a11y} bp ${r.bp} seo ${r.seo} | FCP ${Math.round(r.fcp)} ms LCP ${Math.round(r.lcp)} ms TBT ${Math.round(r.tbt)} ms SI ${Math.round(r.si)} ms CLS ${r.cls.toFixed(3)} | benchmarkIndex ${Math.round(r.benchmarkIndex)}`,
        );
        if (r.failed.length) console.log(`         failing audits: ${r.failed.join(', ')}`);
        if (r.lostMetrics.length) console.log(`         metrics under full score: ${r.lostMetrics.join(', ')}`);
      }
      const m = (pick: (r: LighthouseRun) => number) => median(results.map(pick));
      const range = (pick: (r: LighthouseRun) => number) => `${Math.min(...results.map(pick))}-${Math.max(...results.map(pick))}`;
      const perf = m((r) => r.perf);
      const line =
        `${form.padEnd(7)} ${route.padEnd(13)} perf ${perf} (${range((r) => r.perf)}) FCP ${Math.round(m((r) => r.fcp))} ms LCP ${Math.round(m((r) => r.lcp))} ms ` +
        `TBT ${Math.round(m((r) => r.tbt))} ms CLS ${m((r) => r.cls).toFixed(3)} a11y ${m((r) => r.a11y)} bp ${m((r) => r.bp)} seo ${m((r) => r.seo)} | benchmarkIndex ${Math.round(m((r) => r.benchmarkIndex))} (${range((r) => Math.round(r.benchmarkIndex))})`;
      console.log(`  median: ${line}`);
      const checks: [string, number, boolean][] = [
        ['performance', perf, perf >= (desktop ? lighthouseBudget.desktopPerformance : lighthouseBudget.mobilePerformance)],
        ['accessibility', m((r) => r.a11y), m((r) => r.a11y) >= lighthouseBudget.accessibility],
        ['best-practices', m((r) => r.bp), m((r) => r.bp) >= lighthouseBudget.bestPractices],
        ['seo', m((r) => r.seo), m((r) => r.seo) >= lighthouseBudget.seo],
        ['CLS', m((r) => r.cls), m((r) => r.cls) <= lighthouseBudget.cls],
      ];
      const missed = checks.filter(([, , ok]) => !ok);
      for (const [label, value] of missed) failures.push(`${form} ${route} ${label} ${value}`);
      // Under 100 on mobile: by how much, and which metrics lost the points (in the run that is the median's).
      const why = perf < 100 ? `  ${100 - perf} under 100: ${results.find((r) => r.perf === perf)?.lostMetrics.join(', ') || '-'}` : '';
      lines.push(`${line}${missed.length ? `  MISSED: ${missed.map(([label]) => label).join(', ')}` : ''}${why}`);
    }
  }
  report('\n== Lighthouse medians');
  for (const line of lines) report(`  ${line}`);
  report(
    `  budgets: performance >= ${lighthouseBudget.mobilePerformance} mobile, ${lighthouseBudget.desktopPerformance} desktop; CLS ${lighthouseBudget.cls}; ` +
      `accessibility ${lighthouseBudget.accessibility}, best practices ${lighthouseBudget.bestPractices}, SEO ${lighthouseBudget.seo}`,
  );
}

async function main() {
  ensureBuild();
  const server = await startStaticServer({ dir: dist });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
  try {
    await bytesReport(browser, server.url);
    if (!flag('--no-interactions')) await interactionsReport(browser, server.url);
    await browser.close();
    if (!flag('--no-lighthouse')) await lighthouseReport(server.url);
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
  report(failures.length ? `\nover budget: ${failures.join('; ')}` : '\nall budgets met');
  writeBenchSection('web', summary);
  process.exit(failures.length ? 1 : 0);
}

void main();
