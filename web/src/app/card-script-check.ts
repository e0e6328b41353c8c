/**
 * spec 000_87e5fbf87b6c3f39.txt §7 ("Other") and section 9: three seconds after load the app checks whether the card payment
 * provider's script has loaded, and only logs a console message. This site never loads Stripe.js (checkout is a
 * redirect to Stripe's hosted page, and the CSP does not allow the script), so the message normally says so;
 * nothing depends on the outcome.
 */
const CARD_SCRIPT_CHECK_DELAY_MS = 3000;

/**
 * A prerendered page starts the app's code only after the load event and the first paint
 * (web/scripts/deferred-start.ts), so when the page has already loaded the wait is what is left of the three
 * seconds since load, not three seconds more.
 */
function sinceLoadMs(): number {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const elapsed = nav && nav.loadEventEnd > 0 ? performance.now() - nav.loadEventEnd : 0;
  return Math.min(CARD_SCRIPT_CHECK_DELAY_MS, Math.max(0, elapsed));
}

export function scheduleCardScriptCheck(): void {
  const check = (delay: number) =>
    window.setTimeout(() => {
      const loaded = 'Stripe' in window;
      void import('./card-script-message').then(({ cardScriptMessage }) => console.info(cardScriptMessage(loaded)));
    }, delay);
  if (document.readyState === 'complete') check(CARD_SCRIPT_CHECK_DELAY_MS - sinceLoadMs());
  else window.addEventListener('load', () => check(CARD_SCRIPT_CHECK_DELAY_MS), { once: true });
}
