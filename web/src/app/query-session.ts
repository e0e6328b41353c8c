/**
 * Nothing one visitor read is served to the next: when the signed-in user signs out or another signs in, the
 * query client forgets every cached read (the keys carry the user too; this is the second lock). Imported by the
 * route modules that render TanStack Query screens.
 */
import { useAuthStore } from '../features/accounts/stores/auth';
import { queryClient } from '../lib/query-client';

useAuthStore.subscribe((state, previous) => {
  if (previous.status === 'signedIn' && (state.status !== 'signedIn' || state.user?.sub !== previous.user?.sub)) queryClient.clear();
});
