/**
 * The success screen's confirmation of the Checkout session it came back with (POST /api/checkout-confirmations):
 * the server proves the purchase (its webhook record, or Stripe) and ties it to this browser through an httpOnly
 * cookie the answer sets, so only this browser (or the account the purchase is added to) gets its prompt.
 */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { CheckoutConfirmation } from '@shared/contract/schemas/purchases';
import { callApi } from '../../../lib/api';

/**
 * A browser that had no key yet gets one with the first answer (the purchase is then not tied yet): it confirms
 * again at once, now sending its key, which ties the purchase to it.
 */
export async function confirmCheckout(sessionId: string, signal?: AbortSignal): Promise<CheckoutConfirmation> {
  const confirm = () => callApi<CheckoutConfirmation>(routes.confirmCheckout, { sessionId }, signal ? { signal } : {});
  const first = await confirm();
  return first.browserTied ? first : confirm();
}

export const checkoutConfirmationKey = (sessionId: string) => ['checkout-confirmation', sessionId] as const;

/** Confirms `sessionId` once per visit (no session id, e.g. after the fallback checkout: nothing to confirm). */
export function useCheckoutConfirmation(sessionId: string | undefined) {
  return useQuery({
    queryKey: checkoutConfirmationKey(sessionId ?? ''),
    queryFn: ({ signal }) => confirmCheckout(sessionId as string, signal),
    enabled: sessionId !== undefined,
  });
}
