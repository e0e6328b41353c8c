/**
 * Accessibility check for browser tests: axe-core with the WCAG 2.0, 2.1 and 2.2 A/AA rules; fails on any
 * serious or critical violation with a list a person can act on (rule, impact, help, where).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface A11yOptions {
  /** Only check inside this selector (e.g. an open dialog). */
  include?: string;
  exclude?: string[];
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const where = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    ... and ${v.nodes.length - 5} more` : '';
      return `  ${v.id} (${v.impact}): ${v.help}\n    ${v.helpUrl}\n${where}${more}`;
    })
    .join('\n');
}

export async function expectNoSeriousA11yViolations(page: Page, opts: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  if (opts.include) builder = builder.include(opts.include);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id), `Serious accessibility violations on ${page.url()}:\n${describeViolations(serious)}`).toEqual([]);
}
