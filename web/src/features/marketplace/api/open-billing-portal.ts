/**
 * Manage billing (POST /api/account/billing-portal): a Stripe customer portal session for the subscriber's own
 * customer, opened in this tab; Stripe's portal sends the subscriber back to /profile.
 */
import { useMutation } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { BillingPortalSession } from '@shared/contract/schemas/purchases';
import { callApi } from '../../../lib/api';

export function openBillingPortal(): Promise<BillingPortalSession> {
  return callApi<BillingPortalSession>(routes.openBillingPortal, { returnPath: '/profile' });
}

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
