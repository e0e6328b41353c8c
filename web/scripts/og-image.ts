/**
 * Draws web/public/og-image.jpg (1200x630), the social preview image of every page, with headless Chromium.
 * Social networks do not render SVG previews, hence a JPEG. Run by hand when the brand changes (the output is
 * committed; the build does not need a browser):
 *
 *   npx tsx web/scripts/og-image.ts
 */
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { brand } from '@shared/content/brand';

const out = fileURLToPath(new URL('../public/og-image.jpg', import.meta.url));

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px 88px;display:flex;flex-direction:column;justify-content:space-between;
  font-family:system-ui,sans-serif;color:#e9edf5;background:radial-gradient(60% 80% at 85% 0%,rgba(142,162,255,.35),transparent 70%),
  radial-gradient(50% 60% at 0% 100%,rgba(94,234,212,.18),transparent 70%),#0b1120">
  <div style="display:flex;align-items:center;gap:22px;font-size:44px;font-weight:800">
    <svg viewBox="0 0 32 32" width="72" height="72"><rect width="32" height="32" rx="9" fill="#8ea2ff"/>
      <path d="M6 17h4.5l2.5-6 4 11 3-8 1.8 3H26" fill="none" stroke="#0b1120" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>
    ${brand.name}
  </div>
  <div style="font-size:76px;font-weight:800;line-height:1.08;letter-spacing:-1px;max-width:980px">${brand.tagline}</div>
  <div style="display:flex;gap:48px;font-size:30px;color:#a7b1c7">
    <span><b style="color:#5eead4">15+ hours</b> saved per week</span>
    <span><b style="color:#5eead4">80%</b> faster responses</span>
    <span><b style="color:#5eead4">Up to 30%</b> lower costs</span>
  </div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: out, type: 'jpeg', quality: 86 });
await browser.close();
console.log(`wrote ${out}`);
