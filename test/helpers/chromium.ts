/**
 * Debian's Chromium as the browser tests and the Lighthouse benchmark start it (Playwright downloads no browser
 * here): where it is, and the flags that keep it headless, sandbox-free (containers) and quiet on the network.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';

export const chromiumFlags: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
