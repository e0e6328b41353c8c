/**
 * The CSP's inline content (shared/deployment/hosting/csp.ts): prerendered pages carry their CSS in <style>
 * elements, which the policy allows by hash, never with 'unsafe-inline' (which would also allow any injected style).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineContentOf, inlineStyleHashes } from '@shared/deployment/hosting';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const styleSrc = (csp: string) => /style-src ([^;]*)/.exec(csp)?.[1];

describe('inline styles in the CSP', () => {
  const home = '<html><head><style data-href="/assets/a.css">body{color:red}</style><style>.x{}</style></head><body></body></html>';
  const about = '<html><head><style data-href="/assets/a.css">body{color:red}</style></head><body><p>About</p></body></html>';

  it('hashes each <style> element of a page, in document order', () => {
    expect(inlineStyleHashes(home)).toEqual([hash('body{color:red}'), hash('.x{}')]);
  });

  it('lists each style once over the whole build, and counts none of them as a style attribute', () => {
    const inline = inlineContentOf([home, about]);
    expect(inline.styleHashes).toEqual([hash('body{color:red}'), hash('.x{}')].sort());
    expect(inline.styleAttributes).toBe(0);
  });

  it('allows exactly those styles', () => {
    const inline = inlineContentOf([home, about]);
    const csp = contentSecurityPolicy({ ...inline, connectSources: [], https: true });
    expect(styleSrc(csp)).toBe(["'self'", ...inline.styleHashes].join(' '));
    expect(csp).not.toContain('unsafe-inline');
  });

  it("still needs 'unsafe-inline' for a style attribute, which hashes cannot allow", () => {
    const inline = inlineContentOf([home, '<p style="color:red">x</p>']);
    expect(inline.styleAttributes).toBe(1);
    expect(styleSrc(contentSecurityPolicy({ ...inline, connectSources: [], https: true }))).toBe("'self' 'unsafe-inline'");
  });
});
