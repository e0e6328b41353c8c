/** /services: the marketing page with the marketplace feature's 'Buy Now' in the package card. */
import ServicesPage from '../../features/marketing/pages/ServicesPage';
import BuyPackageButton from '../../features/marketplace/components/BuyPackageButton';

export default function ServicesRoute() {
  return <ServicesPage buyButton={<BuyPackageButton />} />;
}
