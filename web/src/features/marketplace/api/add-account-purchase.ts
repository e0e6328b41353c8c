/**
 * Adds a purchase made signed out to the account (POST /api/account/purchases). The server accepts it from the
 * browser that paid (its cookie) or from the account whose verified e-mail paid; then My purchases is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { PurchaseSummary } from '@shared/contract/schemas/purchases';
import { callApi } from '../../../lib/api';
import { listAccountPurchasesQueryOptions } from './list-account-purchases';

export function addAccountPurchase(sessionId: string): Promise<PurchaseSummary> {
  return callApi<PurchaseSummary>(routes.addAccountPurchase, { sessionId });
}

export function useAddAccountPurchase(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addAccountPurchase,
    onSuccess: () => client.invalidateQueries({ queryKey: listAccountPurchasesQueryOptions(userId).queryKey }),
  });
}
