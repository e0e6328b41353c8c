/**
 * What the card payment check says (./card-script-check.ts), loaded only when the check runs: the texts are most of
 * its bytes, and every page's first load carries the scheduling.
 */
export function cardScriptMessage(loaded: boolean): string {
  return loaded
    ? 'Card payments: the Stripe.js script is loaded.'
    : 'Card payments: the Stripe.js script is not loaded. Checkout opens Stripe\u2019s hosted page, which does not need it.';
}
