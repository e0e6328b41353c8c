/**
 * spec 000_87e5fbf87b6c3f39.txt §7 ("Other") and section 9: three seconds after load the app checks whether the card payment
 * provider's script has loaded, and only logs a console message. This site never loads Stripe.js (checkout is a
 * redirect to Stripe's hosted page, and the CSP does not allow the script), so the message normally says so;
 * nothing depends on the outcome.
 */
const CARD_SCRIPT_CHECK_DELAY_MS = 3000;

const message = (loaded: boolean) =>
  loaded
    ? 'Card payments: the Stripe.js script is loaded.'
    : 'Card payments: the Stripe.js script is not loaded. Checkout opens Stripe\u2019s hosted page, which does not need it.';

/**
 * Three seconds after the load event. The app's code usually runs before it (then it waits for it); when it runs
 * after it (a module that arrived late), the wait is what is left of the three seconds, not three more.
 */
export function scheduleCardScriptCheck(): void {
  const check = () => {
    const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    const sinceLoad = nav && nav.loadEventEnd > 0 ? performance.now() - nav.loadEventEnd : 0;
    window.setTimeout(
      () => console.info(message('Stripe' in window)),
      Math.max(0, CARD_SCRIPT_CHECK_DELAY_MS - sinceLoad),
    );
  };
  if (document.readyState === 'complete') check();
  else window.addEventListener('load', check, { once: true });
}
