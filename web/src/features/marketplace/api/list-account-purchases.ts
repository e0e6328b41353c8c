/** "My purchases" of the signed-in account (GET /api/account/purchases), on any device. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { AccountPurchases } from '@shared/contract/schemas/purchases';
import { callApi } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';

/** The fetcher. */
export function listAccountPurchases(signal?: AbortSignal): Promise<AccountPurchases> {
  return callApi<AccountPurchases>(routes.listAccountPurchases, undefined, signal ? { signal } : {});
}

/** Keyed per user, so one account's purchases are never shown to another signed in later in the same browser. */
export const listAccountPurchasesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['account-purchases', userId], queryFn: ({ signal }) => listAccountPurchases(signal) });

export function useAccountPurchases(userId: string, config: QueryConfig<typeof listAccountPurchasesQueryOptions> = {}) {
  return useQuery({ ...listAccountPurchasesQueryOptions(userId), ...config });
}
