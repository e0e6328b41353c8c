/**
 * /marketplace: the marketplace feature's page, with the query client its prompt dialog reads through; a signed-in
 * visitor's Buy Now goes through the account (issue 21).
 */
import { useEffect } from 'react';
import MarketplacePage from '../../features/marketplace/pages/MarketplacePage';
import { signedInNow } from '../../features/accounts/utils/start-session';
import { keepValuesWhileHydrating } from '../hydrating-fields';
import { QueryProvider } from '../QueryProvider';

// The page's search field and customization selects are controlled: a value set while the prerendered page is
// still hydrating would be put back. This module loads before hydration starts (web/src/main.tsx).
const endValueWatch = import.meta.env.SSR ? () => undefined : keepValuesWhileHydrating();

export default function MarketplaceRoute() {
  // Runs once the route has hydrated (or rendered, after a client-side navigation): React handles every event now.
  useEffect(() => endValueWatch(), []);
  return (
    <QueryProvider>
      <MarketplacePage signedInNow={signedInNow} />
    </QueryProvider>
  );
}
