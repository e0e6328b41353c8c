/**
 * spec 000_87e5fbf87b6c3f39.txt §7 ("Other") and section 9: three seconds after load the app checks whether the card payment
 * provider's script has loaded, and only logs a console message. This site never loads Stripe.js (checkout is a
 * redirect to Stripe's hosted page, and the CSP does not allow the script), so the message normally says so;
 * nothing depends on the outcome.
 */
const CARD_SCRIPT_CHECK_DELAY_MS = 3000;

/**
 * Three seconds after the load event. A prerendered page starts the app's code only after the load event and the
 * first paint (web/scripts/deferred-start.ts): then the wait is what is left of the three seconds, not three more.
 * The message's texts load when the check runs (./card-script-message.ts).
 */
export function scheduleCardScriptCheck(): void {
  const check = () => {
    const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    const sinceLoad = nav && nav.loadEventEnd > 0 ? performance.now() - nav.loadEventEnd : 0;
    window.setTimeout(
      () => {
        const loaded = 'Stripe' in window;
        void import('./card-script-message').then(({ cardScriptMessage }) => console.info(cardScriptMessage(loaded)));
      },
      Math.max(0, CARD_SCRIPT_CHECK_DELAY_MS - sinceLoad),
    );
  };
  if (document.readyState === 'complete') check();
  else window.addEventListener('load', check, { once: true });
}
