/** POST /api/staff/people/erase: everything held under an address erased (typed twice to confirm); an audit entry stays. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@shared/contract/api';
import type { ErasureAnswer } from '@shared/contract/staff-console';
import { callApi } from '../../../lib/api';
import { staffKeys } from './keys';

export function erasePerson(input: { email: string; confirm: string }): Promise<ErasureAnswer> {
  return callApi<ErasureAnswer>(routes.erasePerson, input);
}

export function useErasePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: erasePerson,
    // Nothing read before the erasure may be shown after it.
    onSuccess: () => void client.removeQueries({ queryKey: staffKeys.all }),
  });
}
