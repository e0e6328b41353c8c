/**
 * Spec section 7 ("Other") and section 9: three seconds after load the app checks whether the card payment
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

export function scheduleCardScriptCheck(): void {
  const check = () =>
    window.setTimeout(() => {
      console.info(cardScriptMessage('Stripe' in window));
    }, CARD_SCRIPT_CHECK_DELAY_MS);
  if (document.readyState === 'complete') check();
  else window.addEventListener('load', check, { once: true });
}
