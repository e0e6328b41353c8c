/**
 * spec 000_87e5fbf87b6c3f39.txt §7 ("Other") and section 9: three seconds after load the app checks whether the card payment
 * provider's script has loaded, and only logs a console message. This site never loads Stripe.js (checkout is a
 * redirect to Stripe's hosted page, and the CSP does not allow the script), so the message normally says so;
 * nothing depends on the outcome.
 */
const CARD_SCRIPT_CHECK_DELAY_MS = 3000;

function cardScriptMessage(loaded: boolean): string {
  return loaded
    ? 'Card payments: the Stripe.js script is loaded.'
    : 'Card payments: the Stripe.js script is not loaded. Checkout opens Stripe\u2019s hosted page, which does not need it.';
}

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
      console.info(cardScriptMessage('Stripe' in window));
    }, delay);
  if (document.readyState === 'complete') check(CARD_SCRIPT_CHECK_DELAY_MS - sinceLoadMs());
  else window.addEventListener('load', () => check(CARD_SCRIPT_CHECK_DELAY_MS), { once: true });
}
