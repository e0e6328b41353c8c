/**
 * Whether this component's code is running in the browser yet. Prerendered forms keep their submit button
 * disabled until then: a click or Enter before hydration would otherwise submit the form natively, as a GET that
 * reloads the page with the visitor's details in the URL (and in any log of it), and lose the input. The first
 * client render answers false like the prerender, so hydration matches; the effect then enables the button.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
