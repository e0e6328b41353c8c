/**
 * Whether this component's code is running in the browser yet. Prerendered forms keep their submit button
 * disabled until then: a click or Enter before hydration would otherwise submit the form natively, as a GET that
 * reloads the page with the visitor's details in the URL (and in any log of it), and lose the input.
 *
 * useSyncExternalStore answers the server snapshot (false) while prerendering and while hydrating, so hydration
 * matches the HTML, then re-renders with the client snapshot (true); a client-rendered component is true at once.
 */
import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
