/**
 * The sections of a page below its first, and the footer, are skipped in rendering while they are off screen
 * (`content-visibility: auto` under `data-skippable`, styles/layout.css): a theme switch then restyles and repaints
 * what the visitor sees, not the whole page, and a section is brought up to date as it comes near the screen.
 *
 * Each gets the rule only once it has been laid out and while it is off screen:
 * - laid out first, so that it keeps its real size while skipped (`contain-intrinsic-size: auto` records it whenever
 *   it is rendered). Skipped from the stylesheet, a section never laid out would take the guessed 700px: the page's
 *   height and every position below it would be wrong, and a scroll position given back would land elsewhere;
 * - off screen, because Chromium skips an element for one frame when its `content-visibility` becomes `auto`, even
 *   on screen: a section in view would blink empty (Lighthouse counted it as a layout shift).
 * Loaded at idle (main.tsx): nothing of it is needed for the first paint or the first input.
 */
const SECTIONS = 'main > section:not(:first-child), main ~ .site-footer';
const SKIPPABLE = 'data-skippable';

/** Watches `root` (the app's container) for the sections of every page shown in it, this one and the next ones. */
export default function skipOffscreenSections(root: HTMLElement): void {
  // An observer reports each element once when it starts watching it (after a frame has laid it out), then whenever
  // it enters or leaves the screen.
  const offscreen = new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      if (isIntersecting) continue;
      target.setAttribute(SKIPPABLE, '');
      offscreen.unobserve(target); // from here on the browser skips and renders it as it leaves and nears the screen
    }
  });
  const watchSections = () =>
    root.querySelectorAll(SECTIONS).forEach((section) => {
      if (!section.hasAttribute(SKIPPABLE)) offscreen.observe(section);
    });
  watchSections();
  // A new page is a new <main> in the container (each page renders its own).
  new MutationObserver(watchSections).observe(root, { childList: true });
}
