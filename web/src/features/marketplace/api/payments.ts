/**
 * Buy Now (spec 000_87e5fbf87b6c3f39.txt §7 and 8): ask create-payment for a checkout URL and open it in a new tab. Errors show
 * the function's message (or 'Payment error'); an answer without a URL shows 'Could not get Stripe checkout URL.'
 * A signed-in buyer asks the account's route with the same request: the purchase then follows the account
 * (issue 21); a signed-out visitor's Buy Now stays as the spec has it.
 */
import { routes } from '@shared/contract/api';
import type { PaymentRequest, PaymentResponse } from '@shared/contract/schemas/payment';
import { callApi, toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { openCheckoutTab } from './checkout-tab';

/**
 * `tab`: the new tab, which must be opened inside the click, before the API call, because browsers block pop-ups
 * opened later. By default it is opened here, so callers in a click handler need not care; a caller that awaits
 * something first (loading this module) opens it itself with `openCheckoutTab()` and passes it in.
 */
export async function startCheckout(
  request: PaymentRequest,
  tab: Window | null = openCheckoutTab(),
  options: { readonly signedIn?: boolean } = {},
): Promise<void> {
  const fail = (description: string) => {
    tab?.close();
    toast({ title: 'Error', description, variant: 'destructive' });
  };
  let data: Partial<PaymentResponse> | undefined;
  try {
    data = await callApi<Partial<PaymentResponse> | undefined>(options.signedIn ? routes.createAccountPayment : routes.createPayment, request);
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
