/**
 * /marketplace: the marketplace feature's page, with the query client its prompt dialog reads through; a signed-in
 * visitor's Buy Now goes through the account (issue 21).
 */
import MarketplacePage from '../../features/marketplace/pages/MarketplacePage';
import { signedInNow } from '../../features/accounts/utils/start-session';
import { QueryProvider } from '../QueryProvider';

export default function MarketplaceRoute() {
  return (
    <QueryProvider>
      <MarketplacePage signedInNow={signedInNow} />
    </QueryProvider>
  );
}
