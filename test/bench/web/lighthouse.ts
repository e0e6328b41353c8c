/**
 * Lighthouse 12.8 (bench/lighthouse, its own install, made on the first run) against the built site served as it
 * is hosted (web/scripts/serve.ts: the hosting policy's routes and headers, precompressed files), with Chromium from
 * CHROME_PATH or as the browser tests find it. Mobile is Lighthouse's default (a mid-range phone on a slow 4G
 * network, simulated); desktop its desktop preset. Each run prints the machine's benchmark index: this machine is
 * shared, and a busy one shows as a low index and slow figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumFlags, chromiumPath } from '../../helpers/chromium';

export interface LighthouseRun {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  cls: number;
  lcp: number;
  fcp: number;
  tbt: number;
  si: number;
  benchmarkIndex: number;
  /** Audits of accessibility, best practices and SEO that did not pass. */
  failed: string[];
  /** The performance metrics that scored under 1, with their score: why the performance score is under 100. */
  lostMetrics: string[];
}

export function lighthouseCli(root: string): string {
  return join(root, 'bench', 'lighthouse', 'node_modules', 'lighthouse', 'cli', 'index.js');
}

/**
 * Lighthouse lives in bench/lighthouse with its own package.json and lockfile, apart from the app's (its tree asks
 * for third-party-web@latest, which once broke the app's `npm ci`). A fresh clone has no install there yet: install
 * it from that lockfile once, so a newcomer's first `npm run bench:web` measures instead of failing.
 */
export function ensureLighthouse(root: string): boolean {
  if (existsSync(lighthouseCli(root))) return true;
  console.log('\n== Lighthouse is not installed yet: npm ci in bench/lighthouse (its own lockfile; once) ...');
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: join(root, 'bench', 'lighthouse'), stdio: 'inherit' });
  if (run.status === 0 && existsSync(lighthouseCli(root))) return true;
  console.log('  the install failed (see above); retry with: npm ci --prefix bench/lighthouse');
  return false;
}

export function lighthouse(root: string, url: string, desktop: boolean): Promise<LighthouseRun> {
  const argv = [
    lighthouseCli(root),
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
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const failed: string[] = [];
      for (const id of ['accessibility', 'best-practices', 'seo']) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable') failed.push(`${id}:${ref.id}`);
        }
      }
      const metrics: Record<string, string> = {
        'first-contentful-paint': 'FCP',
        'largest-contentful-paint': 'LCP',
        'total-blocking-time': 'TBT',
        'speed-index': 'SI',
        'cumulative-layout-shift': 'CLS',
      };
      const lostMetrics = Object.entries(metrics)
        .filter(([id]) => (lhr.audits[id]?.score ?? 1) < 1)
        .map(([id, name]) => `${name} ${id === 'cumulative-layout-shift' ? metric(id).toFixed(3) : `${Math.round(metric(id))} ms`} (score ${lhr.audits[id]?.score?.toFixed(2)})`);
      resolveRun({
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        seo: score('seo'),
        cls: metric('cumulative-layout-shift'),
        lcp: metric('largest-contentful-paint'),
        fcp: metric('first-contentful-paint'),
        tbt: metric('total-blocking-time'),
        si: metric('speed-index'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        failed,
        lostMetrics,
      });
    });
  });
}

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
