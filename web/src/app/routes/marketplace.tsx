/** /marketplace: the marketplace feature's page; a signed-in visitor's Buy Now goes through the account (issue 21). */
import MarketplacePage from '../../features/marketplace/pages/MarketplacePage';
import { useAuthStore } from '../../features/accounts/stores/auth';

export default function MarketplaceRoute() {
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  return <MarketplacePage signedIn={signedIn} />;
}
