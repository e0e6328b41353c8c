/**
 * Prerendered pages carry their CSS inline, as `<style data-href="/assets/x.css">` (web/scripts/prerender.ts).
 * Vite's loader adds the CSS files of a lazily loaded screen to the page unless a `<link rel="stylesheet">` to the
 * same file is in the document when it first looks, so a screen whose CSS is already inline would get it a second
 * time (parsed again, and its rules moved behind the sheets that followed it). A disabled link to each inlined file
 * names it without being fetched or applied. Call before the first lazy import.
 */
export function declareInlinedStyles(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.disabled = true;
    link.href = style.dataset.href as string;
    style.after(link);
  }
}
