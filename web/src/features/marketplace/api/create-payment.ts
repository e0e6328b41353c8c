/**
 * Create payment (spec 000_87e5fbf87b6c3f39.txt §7 item 5): the create-payment function answers the checkout URL for a
 * Buy Now, and the URL opens in a new tab. Errors show the function's message (or 'Payment error'); an answer
 * without a URL shows 'Could not get Stripe checkout URL.' (§8).
 *
 * A signed-in buyer asks the account's route with the same request: the purchase then follows the account
 * (issue 21); a signed-out visitor's Buy Now stays as the spec has it.
 *
 * A write, so it has no query hook: a Buy Now must fail visibly at once and is never answered from a cache (the
 * query library is loaded only on the routes that read).
 */
import { routes } from '@shared/contract/api';
import type { CheckoutRequest, CheckoutResponse } from '@shared/contract/schemas/checkout';
import { callApi, toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { openCheckoutTab } from './checkout-tab';

/** The fetcher: the checkout answer for a Buy Now (possibly without a URL, which the caller reports). */
export function createPayment(request: CheckoutRequest, options: { readonly signedIn?: boolean } = {}): Promise<Partial<CheckoutResponse> | undefined> {
  return callApi<Partial<CheckoutResponse> | undefined>(options.signedIn ? routes.createAccountPayment : routes.createPayment, request);
}

/**
 * What a Buy Now button does: asks for the checkout URL and opens it in the new tab.
 *
 * `tab`: the new tab, which must be opened inside the click, before the API call, because browsers block pop-ups
 * opened later. By default it is opened here, so callers in a click handler need not care; a caller that awaits
 * something first (loading this module) opens it itself with `openCheckoutTab()` and passes it in.
 */
export async function buyNow(
  request: CheckoutRequest,
  tab: Window | null = openCheckoutTab(),
  options: { readonly signedIn?: boolean } = {},
): Promise<void> {
  const fail = (description: string) => {
    tab?.close();
    toast({ title: 'Error', description, variant: 'destructive' });
  };
  let data: Partial<CheckoutResponse> | undefined;
  try {
    data = await createPayment(request, options);
  } catch (error) {
    fail(toastMessage(error, 'Payment error'));
    return;
  }
  const url = checkoutUrl(data?.url);
  if (!url) {
    fail('Could not get Stripe checkout URL.');
    return;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else {
    window.location.assign(url);
  }
}

function checkoutUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return undefined;
  }
}
