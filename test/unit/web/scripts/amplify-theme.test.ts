/**
 * Amplify UI in both themes without <ThemeProvider>: the committed dark-mode CSS is what the build generates
 * from the installed @aws-amplify/ui, and styles/amplify.css wires it up under Amplify's own cascade layers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { darkCssPath, darkModeCss } from '../../../../web/scripts/amplify-theme';

const read = (relative: string) => readFileSync(new URL(relative, `file://${darkCssPath}`), 'utf8');

describe('Amplify UI theme CSS', () => {
  it('has dark-mode overrides generated from the installed Amplify UI (npm run build:web regenerates them)', () => {
    expect(readFileSync(darkCssPath, 'utf8')).toBe(darkModeCss());
  });

  it('switches Amplify tokens on the attribute the theme script sets', () => {
    const css = darkModeCss();
    expect(css).toContain("@layer amplify.base {");
    expect(css).toContain(":root[data-theme='dark']");
    expect(css).toMatch(/--amplify-colors-background-primary: var\(--amplify-colors-neutral-10\)/);
  });

  it('loads tokens and components in layers and maps them onto the site variables', () => {
    const amplify = read('./amplify.css');
    expect(amplify).toContain("@import '@aws-amplify/ui-react/styles/base.layer.css';");
    expect(amplify).toContain("@import './amplify-dark.generated.css';");
    expect(amplify).not.toMatch(/styles\.css'/); // never the 135 KB all-in-one file
    expect(amplify).toMatch(/--amplify-colors-font-primary: var\(--text\)/);
    // The site's element rules sit in a layer below Amplify's, so Amplify components keep their look.
    expect(read('./index.css')).toMatch(/^@layer reset, amplify;/m);
  });
});
