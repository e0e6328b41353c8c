/**
 * WCAG AA contrast of the design tokens in both themes (web/src/styles/tokens.css): body text, muted text,
 * links and button labels against the backgrounds they are used on (4.5:1), the focus ring (3:1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../../../../web/src/styles/tokens.css', import.meta.url), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(selector);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const themes = { dark: block("[data-theme='dark']"), light: block("[data-theme='light']") };

describe.each(Object.entries(themes))('%s theme tokens', (_name, t) => {
  const text: [string, string][] = [
    ['text', 'bg'],
    ['text', 'surface'],
    ['text', 'surface-2'],
    ['text-muted', 'bg'],
    ['text-muted', 'surface'],
    ['text-muted', 'surface-2'],
    ['accent', 'bg'],
    ['accent', 'surface'],
    ['highlight', 'bg'],
    ['highlight', 'surface'],
    ['on-accent', 'accent'],
    ['on-accent', 'accent-hover'],
    ['danger-text', 'danger-bg'],
  ];
  it.each(text)('%s on %s is at least 4.5:1', (fg, bg) => {
    expect(t[fg], fg).toBeDefined();
    expect(t[bg], bg).toBeDefined();
    expect(ratio(t[fg] as string, t[bg] as string)).toBeGreaterThanOrEqual(4.5);
  });
  it.each([['focus', 'bg'], ['focus', 'surface'], ['border-strong', 'bg']])('%s on %s is at least 3:1', (fg, bg) => {
    expect(ratio(t[fg] as string, t[bg] as string)).toBeGreaterThanOrEqual(3);
  });
});
