/**
 * Interaction latency on a slow phone: each interaction's duration as the browser's Event Timing API reports it
 * (from the input to the next paint, the measure behind INP), with the CPU slowed down `interactionBudget.cpuSlowdown`
 * times (Chrome DevTools' CPU throttling, as Lighthouse's mobile preset does), on the built site once it has loaded
 * and settled.
 *
 * The interactions of issue 23: opening the demo dialog, typing in every field of every form (each keystroke is an
 * interaction; a field's figure is its slowest; a select is changed with the arrow key, a checkbox ticked),
 * choosing a marketplace card, changing a cascading select (the marketplace's Field, Business type and Product:
 * each choice refills the next), switching the theme, opening the mobile menu.
 * The forms' fields are found on the page (every visible, enabled text field, text area, select and checkbox of the
 * form), so a field added later is measured too. The profile form needs a signed-in user and a backend, which the
 * static server has not: it is left out, as are file pickers (the browser's own dialog).
 *
 * The browser reports only interactions of at least 16 ms (Event Timing's smallest threshold); a quicker one is
 * printed as "< 16".
 *
 * Only the visitor's input is timed, not the tool's: Playwright's actions find their element (role queries walk the
 * accessibility tree), scroll it into view and move the mouse onto it, all on the page's main thread, which at 6x
 * would sit in the input's delay. So each target is found, scrolled to and hovered (or focused) first, the page
 * left to settle, and only then the raw input sent: a mouse press and release, or key presses.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { interactionBudget } from './routes';
import { waitForHydration } from '../../helpers/hydration';

export interface InteractionResult {
  route: string;
  name: string;
  /** Slowest interaction of the step, ms; 0 when none reached the 16 ms the browser reports. */
  ms: number;
  /** How many interactions the step made (key presses, clicks). */
  count: number;
  /** The step's figure in each run (the figure is their median). */
  samples: number[];
}

interface Step {
  name: string;
  /** Makes the step's interactions; answers how many it made (0: the step did not apply, nothing is recorded). */
  run: (page: Page) => Promise<number>;
}

interface Scenario {
  route: string;
  mobile?: boolean;
  /** Before the steps (not measured): bring the page into the state they start from. */
  prepare?: (page: Page) => Promise<void>;
  steps: (page: Page) => Step[];
}

/** Records the longest duration per interaction id, and when the interaction started, from the page's start. */
const eventTimingProbe = () => {
  const w = window as Window & { __interactions?: Record<number, [number, number]> };
  w.__interactions = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue;
      const seen = w.__interactions as Record<number, [number, number]>;
      const [start, duration] = seen[entry.interactionId] ?? [entry.startTime, 0];
      seen[entry.interactionId] = [Math.min(start, entry.startTime), Math.max(duration, entry.duration)];
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

type Snapshot = { interactions: Record<number, [number, number]>; timedFrom: number };
const snapshot = (page: Page): Promise<Snapshot> =>
  page.evaluate(() => {
    const w = window as Window & { __interactions?: Record<number, [number, number]>; __timedFrom?: number };
    return { interactions: { ...w.__interactions }, timedFrom: w.__timedFrom ?? 0 };
  });

/** Two frames and a little more: Event Timing entries are reported once the next frame has been presented. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)))),
  );

/** Runs `act` with the page's CPU slowed down `rate` times (1: full speed), then at full speed again. */
async function slowedDown<T>(page: Page, rate: number, act: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await act();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/** Runs `act`, then answers the slowest interaction it caused (ms; 0 when none reached 16 ms) and how many it made. */
async function measured(page: Page, act: () => Promise<number>): Promise<{ ms: number; count: number }> {
  const before = await snapshot(page);
  const count = await act();
  await settle(page);
  const after = await snapshot(page);
  const fresh = Object.entries(after.interactions)
    .filter(([id, [start]]) => !(id in before.interactions) && start >= after.timedFrom)
    .map(([, [, ms]]) => ms);
  return { ms: Math.max(0, ...fresh), count };
}

const FIELDS = 'input:not([type=hidden]):not([type=file]):not([type=submit]):not([type=button]):not([type=radio]), textarea, select';

/** What to type into a text field of this type (three key presses). */
const sample = (type: string) => (type === 'tel' ? '555' : type === 'email' ? 'a@b' : 'Ab1');

/**
 * One step per field of `scope`, found when the steps run: typing three characters into text fields and text
 * areas, choosing the second option of a select, ticking a checkbox. A field disabled at its turn (a cascading
 * select waiting for the one before it) is skipped; in document order the one before has enabled it by then.
 */
function fieldSteps(scope: (page: Page) => Locator, formName: string, max = 24): Step[] {
  return Array.from({ length: max }, (_, i): Step => {
    let name = `${formName}: field ${i + 1}`;
    return {
      get name() {
        return name;
      },
      run: async (page) => {
        const fields = scope(page).locator(FIELDS);
        if (i >= (await fields.count())) return 0;
        const field = fields.nth(i);
        if (!(await field.isVisible()) || !(await field.isEnabled())) return 0;
        const meta = await field.evaluate((el) => ({
          tag: el.tagName.toLowerCase(),
          type: (el as HTMLInputElement).type,
          readOnly: (el as HTMLInputElement).readOnly,
          // A honeypot (components/form/fields.tsx) is hidden from visitors and assistive technology alike.
          hidden: el.closest('[aria-hidden="true"]') !== null,
          label: ((el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.id).trim(),
        }));
        if (meta.readOnly || meta.hidden) return 0;
        if (meta.tag === 'select') {
          // As a visitor on a keyboard chooses (a script's selectOption() is no input the browser times).
          name = `${formName}: ${meta.label} (choose)`;
          await field.focus();
          return timed(page, () => page.keyboard.press('ArrowDown'), 1);
        }
        if (meta.type === 'checkbox') {
          name = `${formName}: ${meta.label} (tick)`;
          return press(page, field);
        }
        name = `${formName}: ${meta.label} (type)`;
        await field.focus();
        const text = sample(meta.type);
        return timed(page, () => page.keyboard.type(text, { delay: 120 }), text.length);
      },
    };
  });
}

/** Marks where the timed input starts: interactions before it (focusing, hovering) are not the step's. */
async function timed(page: Page, input: () => Promise<unknown>, count: number): Promise<number> {
  await settle(page);
  await page.evaluate(() => ((window as Window & { __timedFrom?: number }).__timedFrom = performance.now()));
  await input();
  return count;
}

/** A press on the element: found, scrolled into view and hovered first, then a raw mouse press and release. */
async function press(page: Page, target: Locator): Promise<number> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`nothing to press: ${String(target)}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return timed(
    page,
    async () => {
      await page.mouse.down();
      await page.mouse.up();
    },
    1,
  );
}

const click = (name: string, target: (page: Page) => Locator): Step => ({ name, run: (page) => press(page, target(page)) });
const demoDialog = (page: Page) => page.getByRole('dialog', { name: 'Book a Free Demo' });
const siteThemeButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /Switch to (light|dark) theme/ });

/** Opens one of the site's pages as every measurement starts: the Event Timing probe in, hydrated, the network idle. */
async function openSitePage(page: Page, url: string): Promise<void> {
  await page.addInitScript(eventTimingProbe);
  await page.goto(url, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}

const scenarios: Scenario[] = [
  {
    route: '/',
    steps: () => [
      click('switch the theme', siteThemeButton),
      click('open the demo dialog', (p) => p.getByRole('main').getByRole('button', { name: 'Book a Free Demo', exact: true })),
      { name: '(the dialog is open)', run: async (p) => (await demoDialog(p).getByLabel('Full Name').waitFor(), 0) },
      ...fieldSteps(demoDialog, 'demo request'),
    ],
  },
  { route: '/', mobile: true, steps: () => [click('open the mobile menu', (p) => p.getByRole('button', { name: 'Menu' }))] },
  { route: '/contact', steps: () => fieldSteps((p) => p.getByRole('form', { name: 'Send us a message' }), 'contact') },
  { route: '/idea-hub', steps: () => fieldSteps((p) => p.getByRole('main').locator('form'), 'idea') },
  {
    route: '/marketplace',
    steps: () => [
      // Field, then Business type (refilled by Field), then Product (refilled by Business type): the cascading selects.
      ...fieldSteps((p) => p.getByRole('group', { name: 'Customize Your AI Agent' }), 'customize (cascading)'),
      click('choose a marketplace card', (p) => p.getByRole('button', { name: 'AI Content Generator', exact: true })),
      ...fieldSteps((p) => p.getByRole('main').locator('.marketplace-filters'), 'search', 1),
    ],
  },
  { route: '/auth', steps: () => fieldSteps((p) => p.getByRole('tabpanel'), 'sign in') },
  { route: '/auth', prepare: (p) => p.getByRole('tab', { name: 'Sign Up' }).click(), steps: () => fieldSteps((p) => p.getByRole('tabpanel'), 'sign up') },
  {
    route: '/auth',
    prepare: (p) => p.getByRole('button', { name: 'Forgot Password?' }).click(),
    steps: () => fieldSteps((p) => p.getByRole('region', { name: 'Reset Password' }), 'reset password'),
  },
  { route: '/update-password#type=recovery&email=a%40example.com&code=123456', steps: () => fieldSteps((p) => p.getByRole('main').locator('form'), 'new password') },
  { route: '/quick-checkout?product=ai-content-gen', steps: () => fieldSteps((p) => p.getByRole('main').locator('form').first(), 'quick checkout, card') },
  { route: '/quick-checkout?method=phone', steps: () => fieldSteps((p) => p.getByRole('main').locator('form').first(), 'quick checkout, phone') },
];

export interface MeasureOptions {
  /** The CPU slowdown to measure at; by default the budget's (`interactionBudget.cpuSlowdown`). */
  cpuSlowdown?: number;
  /** Only the scenarios of these routes (paths without query or hash); by default every one. */
  routes?: ReadonlySet<string>;
}

const pathOf = (route: string) => route.replace(/[?#].*/, '');

/**
 * Every scenario `runs` times, each in a fresh page; an interaction's figure is its median over the runs (as
 * Lighthouse's figures are the median of 3), so one hiccup of a shared machine does not decide it.
 */
export async function measureInteractions(
  browser: Browser,
  baseUrl: string,
  runs: number,
  log: (line: string) => void,
  options: MeasureOptions = {},
): Promise<InteractionResult[]> {
  const all: InteractionResult[][] = [];
  for (let run = 0; run < runs; run++) all.push(await measureOnce(browser, baseUrl, options));
  const results: InteractionResult[] = [];
  for (const [i, first] of (all[0] ?? []).entries()) {
    const samples = all.map((r) => r[i]).filter((r): r is InteractionResult => r !== undefined && r.name === first.name && r.route === first.route);
    const ms = median(samples.map((r) => r.ms));
    results.push({ ...first, ms, samples: samples.map((r) => r.ms) });
    log(interactionRow(first.route, first.name, ms, samples.map((r) => r.ms)));
  }
  return results;
}

/** A figure as printed: whole ms, or "< 16" when the browser reported nothing (under Event Timing's threshold). */
export const msText = (ms: number) => (ms === 0 ? '< 16' : String(Math.round(ms)));

/** A printed row's start: the route, the interaction and its figure in ms (or words where there is none), aligned. */
export const rowStart = (route: string, name: string, figure: number | string) =>
  `  ${route.padEnd(17)} ${name.padEnd(64)} ${typeof figure === 'number' ? `${msText(figure).padStart(6)} ms` : figure.padStart(9)}`;

/** One printed row: the route, the interaction, its figure and, in brackets, the runs it is the median of. */
export const interactionRow = (route: string, name: string, ms: number, samples: readonly number[]) =>
  `${rowStart(route, name, ms)}  (${samples.map(msText).join(', ')})`;

/** The slowdown `options` ask for, by default the budget's. */
const rateOf = (options: Pick<MeasureOptions, 'cpuSlowdown'>) => options.cpuSlowdown ?? interactionBudget.cpuSlowdown;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measureOnce(browser: Browser, baseUrl: string, options: MeasureOptions): Promise<InteractionResult[]> {
  const results: InteractionResult[] = [];
  for (const scenario of scenarios) {
    if (options.routes && !options.routes.has(pathOf(scenario.route))) continue;
    const context = await browser.newContext(scenario.mobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
    try {
      const page = await context.newPage();
      await openSitePage(page, baseUrl + scenario.route);
      await scenario.prepare?.(page);
      await settle(page);
      await slowedDown(page, rateOf(options), async () => {
        for (const step of scenario.steps(page)) {
          const m = await measured(page, () => step.run(page));
          if (m.count === 0) continue;
          results.push({ route: pathOf(scenario.route), name: step.name, ms: m.ms, count: m.count, samples: [] });
        }
      });
    } finally {
      await context.close();
    }
  }
  return results;
}
