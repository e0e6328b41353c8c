/** /marketplace: the marketplace feature's page, with the query client its prompt dialog reads through. */
import MarketplacePage from '../../features/marketplace/pages/MarketplacePage';
import { QueryProvider } from '../QueryProvider';

export default function MarketplaceRoute() {
  return (
    <QueryProvider>
      <MarketplacePage />
    </QueryProvider>
  );
}
