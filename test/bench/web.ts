/**
 * `npm run bench:web`: what every route of the site costs a visitor, against the budgets of issue 23.
 *
 * 1. Builds the site if web/dist is missing or older than its sources (`--build` forces a build).
 * 2. Bytes: for every route of the site's page list (shared/content/site.ts), the JavaScript and CSS the route loads
 *    before it is interactive, measured in Chromium (./web/bytes.ts), in KB gzip (brotli, what the site sends,
 *    beside), against the route's budget (./web/routes.ts). A route without a budget fails the bench.
 * 3. Interactions: input-to-next-paint latency (Event Timing) of the issue's interactions with the CPU slowed down
 *    6 times (./web/interactions.ts); each at most 100 ms. Then, as context that decides nothing: the machine's cores
 *    and what the throttle costs it (./web/throttle.ts), the same press on pages with nothing of the site (this
 *    machine's floor) and on Home's first screen alone (the design's), and each interaction over budget measured
 *    again unthrottled.
 * 4. Lighthouse on every prerendered route, mobile and desktop, median of 3 runs each (./web/lighthouse.ts), with
 *    the machine's benchmark index. Budgets: Performance 100 (both), mobile LCP <= 1.2 s and FCP <= 1.0 s,
 *    Accessibility, Best Practices and SEO 100, CLS 0.
 *
 * Flags: --build, --runs N (Lighthouse runs per route and form factor, default 3), --interaction-runs N (default 3),
 * --no-lighthouse, --no-interactions, --lighthouse-routes /,/services (default: every prerendered route).
 * Exit code 1 when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startStaticServer } from '../../web/scripts/serve';
import { chromiumFlags, chromiumPath } from '../helpers/chromium';
import { gzipSize, measureRouteBytes, type RouteBytes } from './web/bytes';
import { interactionRow, measureInteractions, measureReferenceSwitches, msText, rowStart } from './web/interactions';
import { measureThrottleCost } from './web/throttle';
import { ensureLighthouse, lighthouse, median, type LighthouseRun } from './web/lighthouse';
import { budgetGaps, byteBudgets, interactionBudget, lighthouseBudget, siteRoutes } from './web/routes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'web', 'dist');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
};

const failures: string[] = [];
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
async function bytesReport(browser: Awaited<ReturnType<typeof chromium.launch>>, baseUrl: string) {
  console.log('\n== JavaScript and CSS before interactive, per route (KB gzip level 9; brotli, as sent, in brackets)');
  const gaps = budgetGaps();
  for (const path of gaps.unbudgeted) failures.push(`${path} has no byte budget: add one to byteBudgets in test/bench/web/routes.ts`);
  for (const path of gaps.stale) failures.push(`byteBudgets in test/bench/web/routes.ts names ${path}, which is not a route of shared/content/site.ts`);
  console.log(`${'route'.padEnd(18)} ${'JS'.padStart(7)} ${'(br)'.padStart(8)} ${'budget'.padStart(7)} files | ${'CSS'.padStart(6)} ${'(br)'.padStart(8)} ${'budget'.padStart(7)} | then at idle: JS`);
  const rows: RouteBytes[] = [];
  for (const route of siteRoutes) {
    const r = await measureRouteBytes(browser, baseUrl, dist, route.path);
    rows.push(r);
    const budget = byteBudgets[route.path];
    const jsOk = budget !== undefined && kb(r.js.gzip) <= budget.jsKb;
    const cssOk = budget !== undefined && kb(r.css.gzip) <= budget.cssKb;
    console.log(
      `${route.path.padEnd(18)} ${fmt(kb(r.js.gzip), 7)} (${fmt(kb(r.js.brotli))}) ${budget ? `<= ${budget.jsKb}`.padStart(7) : '   none'} ${String(r.js.files.length).padStart(5)} | ` +
        `${fmt(kb(r.css.gzip))} (${fmt(kb(r.css.brotli))}) ${budget ? `<= ${budget.cssKb}`.padStart(7) : '   none'} | ` +
        `${fmt(kb(r.idleJs.gzip))} (${r.idleJs.files.map((f) => f.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')).join(', ') || '-'})` +
        `${jsOk && cssOk ? '' : '  OVER'}`,
    );
    if (budget && !jsOk) failures.push(`${route.path} JS ${kb(r.js.gzip).toFixed(1)} KB gzip > ${budget.jsKb}`);
    if (budget && !cssOk) failures.push(`${route.path} CSS ${kb(r.css.gzip).toFixed(1)} KB gzip > ${budget.cssKb}`);
  }
  const home = rows.find((r) => r.path === '/');
  if (home) {
    console.log('  Home, file by file (KB gzip):');
    for (const f of home.js.files) console.log(`    ${fmt(kb(gzipSize(readFileSync(join(dist, f)))))}  ${f}`);
  }
}

// ---------------------------------------------------------------- interactions
async function interactionsReport(browser: Awaited<ReturnType<typeof chromium.launch>>, baseUrl: string) {
  console.log(
    `\n== Interactions: input to next paint (Event Timing), CPU slowed down ${interactionBudget.cpuSlowdown}x; budget <= ${interactionBudget.ms} ms each`,
  );
  const runs = Number(option('--interaction-runs', '3'));
  console.log(`  median of ${runs} runs, each in a fresh page (the runs in brackets; < 16: under Event Timing's smallest threshold)`);
  const results = await measureInteractions(browser, baseUrl, runs, (line) => console.log(line));
  const over = results.filter((r) => r.ms > interactionBudget.ms);
  for (const r of over) failures.push(`interaction ${r.route} ${r.name} ${Math.round(r.ms)} ms > ${interactionBudget.ms}`);
  const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a), results[0] ?? { ms: 0, name: '-', route: '-', count: 0, samples: [] });
  console.log(`  ${results.length} interactions measured; slowest ${Math.round(slowest.ms)} ms (${slowest.route} ${slowest.name}); over budget: ${over.length}`);
  if (results.length === 0) failures.push('no interaction was measured');
  // What the throttle costs this machine, and the interactions over budget without it: context for the figures
  // above, which alone decide the budget.
  const cost = await measureThrottleCost(browser, [1, interactionBudget.cpuSlowdown]);
  const share = (rate: number) => `${Math.round((cost.idleRendererCore[rate] ?? 0) * 100)}%`;
  console.log(
    `  this machine: ${cost.cores} cores; the page's renderer uses ${share(1)} of a core on an idle page unthrottled, ` +
      `${share(interactionBudget.cpuSlowdown)} throttled ${interactionBudget.cpuSlowdown}x (the throttle spins the page's main ` +
      `thread; raster, compositing and the GPU process run on what is left)`,
  );
  const referenceRuns = 7;
  const references = await measureReferenceSwitches(browser, baseUrl, referenceRuns);
  console.log(`  the same press on pages with nothing of the site (this machine's floor for a switch) and on Home's first screen alone (median of ${referenceRuns}):`);
  for (const r of references) console.log(interactionRow('', r.name, r.ms, r.samples));
  if (over.length === 0) return;
  console.log(`  over budget, measured again unthrottled (1x, median of ${runs}):`);
  const unthrottled = await measureInteractions(browser, baseUrl, runs, () => undefined, { cpuSlowdown: 1, routes: new Set(over.map((r) => r.route)) });
  for (const r of over) {
    const again = unthrottled.find((u) => u.route === r.route && u.name === r.name);
    console.log(`${rowStart(r.route, r.name, again?.ms ?? 'not measured')} at 1x, ${msText(r.ms)} ms at ${interactionBudget.cpuSlowdown}x`);
  }
}

// ---------------------------------------------------------------- lighthouse
async function lighthouseReport(baseUrl: string) {
  if (!ensureLighthouse(root)) {
    failures.push('Lighthouse could not be installed');
    return;
  }
  const runs = Number(option('--runs', '3'));
  const prerendered = siteRoutes.filter((r) => r.prerendered).map((r) => r.path);
  const routes = option('--lighthouse-routes', prerendered.join(',')).split(',');
  const summary: string[] = [];
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
      }
      const m = (pick: (r: LighthouseRun) => number) => median(results.map(pick));
      const range = (pick: (r: LighthouseRun) => number) => `${Math.min(...results.map(pick))}-${Math.max(...results.map(pick))}`;
      const line =
        `${form.padEnd(7)} ${route.padEnd(13)} perf ${m((r) => r.perf)} (${range((r) => r.perf)}) FCP ${Math.round(m((r) => r.fcp))} ms LCP ${Math.round(m((r) => r.lcp))} ms ` +
        `TBT ${Math.round(m((r) => r.tbt))} ms CLS ${m((r) => r.cls).toFixed(3)} a11y ${m((r) => r.a11y)} bp ${m((r) => r.bp)} seo ${m((r) => r.seo)} | benchmarkIndex ${Math.round(m((r) => r.benchmarkIndex))} (${range((r) => Math.round(r.benchmarkIndex))})`;
      console.log(`  median: ${line}`);
      const checks: [string, number, boolean][] = [
        ['performance', m((r) => r.perf), m((r) => r.perf) >= (desktop ? lighthouseBudget.desktop.performance : lighthouseBudget.mobile.performance)],
        ['accessibility', m((r) => r.a11y), m((r) => r.a11y) >= lighthouseBudget.accessibility],
        ['best-practices', m((r) => r.bp), m((r) => r.bp) >= lighthouseBudget.bestPractices],
        ['seo', m((r) => r.seo), m((r) => r.seo) >= lighthouseBudget.seo],
        ['CLS', m((r) => r.cls), m((r) => r.cls) <= lighthouseBudget.cls],
        ...(desktop
          ? []
          : ([
              ['LCP ms', Math.round(m((r) => r.lcp)), m((r) => r.lcp) <= lighthouseBudget.mobile.lcpMs],
              ['FCP ms', Math.round(m((r) => r.fcp)), m((r) => r.fcp) <= lighthouseBudget.mobile.fcpMs],
            ] as [string, number, boolean][])),
      ];
      const missed = checks.filter(([, , ok]) => !ok);
      for (const [label, value] of missed) failures.push(`${form} ${route} ${label} ${value}`);
      summary.push(`${line}${missed.length ? `  MISSED: ${missed.map(([label]) => label).join(', ')}` : ''}`);
    }
  }
  console.log('\n== Lighthouse medians');
  for (const line of summary) console.log(`  ${line}`);
  console.log(
    `  budgets: performance ${lighthouseBudget.mobile.performance} (mobile and desktop), mobile LCP <= ${lighthouseBudget.mobile.lcpMs} ms and FCP <= ${lighthouseBudget.mobile.fcpMs} ms, ` +
      `a11y/bp/seo ${lighthouseBudget.accessibility}, CLS ${lighthouseBudget.cls}`,
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
  console.log(failures.length ? `\nover budget: ${failures.join('; ')}` : '\nall budgets met');
  process.exit(failures.length ? 1 : 0);
}

void main();
