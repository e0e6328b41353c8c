/**
 * /marketplace: the marketplace feature's page, with the query client its prompt dialog reads through; a signed-in
 * visitor's Buy Now goes through the account (issue 21).
 */
import MarketplacePage from '../../features/marketplace/pages/MarketplacePage';
import { useAuthStore } from '../../features/accounts/stores/auth';
import { QueryProvider } from '../QueryProvider';

export default function MarketplaceRoute() {
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  return (
    <QueryProvider>
      <MarketplacePage signedIn={signedIn} />
    </QueryProvider>
  );
}
