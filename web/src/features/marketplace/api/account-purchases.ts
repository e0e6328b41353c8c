/** "My purchases" of the signed-in account (GET /api/account/purchases), on any device. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { AccountPurchases } from '@shared/contract/schemas/purchases';
import { callApi } from '../../../lib/api';

export function fetchAccountPurchases(signal?: AbortSignal): Promise<AccountPurchases> {
  return callApi<AccountPurchases>(routes.listAccountPurchases, undefined, signal ? { signal } : {});
}

/** Per user, so one account's purchases are never shown to another signed in later in the same browser. */
export const accountPurchasesKey = (userId: string) => ['account-purchases', userId] as const;

export function useAccountPurchases(userId: string) {
  return useQuery({ queryKey: accountPurchasesKey(userId), queryFn: ({ signal }) => fetchAccountPurchases(signal) });
}
