/**
 * Every relative link of README.md and docs/*.md leads somewhere: the file exists, and a `#fragment` names a heading
 * of the linked document (GitHub's anchors: the heading in lower case, punctuation dropped, spaces as hyphens).
 * Links to the web (`https://...`) and mail addresses are not followed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;

const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Markdown outside code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the Markdown links `[text](target)` of a document. */
export function linksIn(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);
}

/** GitHub's anchor of a heading. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = [...prose(readFileSync(join(root, file), 'utf8')).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] as string));
  return new Set(headings);
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const link of linksIn(readFileSync(join(root, file), 'utf8'))) {
    if (/^[a-z]+:/i.test(link)) continue;
    const [path = '', fragment] = link.split('#');
    const target = path === '' ? file : relative(root, normalize(join(dirname(join(root, file)), decodeURIComponent(path))));
    if (!existsSync(join(root, target))) broken.push(`${file}: ${link} (no ${target})`);
    else if (fragment !== undefined && target.endsWith('.md') && !anchorsOf(target).has(fragment)) broken.push(`${file}: ${link} (no heading #${fragment} in ${target})`);
  }
  return broken;
}

describe('the links of the README and the guides', () => {
  it('reads links and anchors as GitHub does', () => {
    expect(linksIn('see [the guide](docs/deploy.md#1-account-and-region), `[not](a-link.md)` and [web](https://x.example)')).toEqual([
      'docs/deploy.md#1-account-and-region',
      'https://x.example',
    ]);
    expect(anchorOf('Stripe Dashboard settings: receipts, invoices, the customer portal')).toBe('stripe-dashboard-settings-receipts-invoices-the-customer-portal');
    expect(anchorOf('1. Account and region')).toBe('1-account-and-region');
  });

  it('every relative link leads to a file, and every fragment to a heading of it', () => {
    expect(documents.length).toBeGreaterThan(5);
    expect(documents.flatMap(brokenLinks)).toEqual([]);
  });

  it('the README stays a newcomer’s page, and its first screen leads to the deploy guide', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
    expect(readme.length).toBeLessThanOrEqual(200);
    expect(readme.slice(0, 30).join('\n')).toContain('(docs/deploy.md)');
  });
});
