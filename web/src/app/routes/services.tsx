/** /services: the marketing page with the marketplace feature's 'Buy Now' in the package card. */
import { lazy, Suspense } from 'react';
import ServicesPage from '../../features/marketing/pages/ServicesPage';

// Lazy: the payment call and its API client load after the page is interactive. The prerendered HTML
// already shows the button, so nothing moves when it arrives.
// Requested as soon as this route's code runs, in parallel with rendering the page around it.
const BuyPackageButtonModule = import('../../features/marketplace/components/BuyPackageButton');
const BuyPackageButton = lazy(() => BuyPackageButtonModule);

export default function ServicesRoute() {
  return (
    <ServicesPage
      buyButton={
        <Suspense fallback={null}>
          <BuyPackageButton />
        </Suspense>
      }
    />
  );
}
