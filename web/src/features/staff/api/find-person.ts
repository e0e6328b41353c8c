/** GET /api/staff/people?email=...: everything the site holds under an e-mail address. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { PersonView } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function findPerson(email: string, signal?: AbortSignal): Promise<PersonView> {
  return callApi<PersonView>(routes.findPerson, undefined, { query: { email }, ...(signal ? { signal } : {}) });
}

/** Runs once an address is given (`undefined`: nothing asked yet). */
export function usePerson(email: string | undefined) {
  return useQuery({
    queryKey: staffKeys.person(email ?? ''),
    queryFn: ({ signal }) => findPerson(email as string, signal),
    enabled: email !== undefined,
  });
}
