/**
 * /services: the marketing page with the marketplace feature's 'Buy Now' in the package card, and under it where
 * subscribers manage billing (My Profile when signed in, the stage's Stripe portal login page otherwise).
 */
import ServicesPage from '../../features/marketing/pages/ServicesPage';
import BuyPackageButton from '../../features/marketplace/components/BuyPackageButton';
import SubscriberBillingLink from '../../features/marketplace/components/SubscriberBillingLink';
import { useAuthStore } from '../../features/accounts/stores/auth';
import { signedInNow } from '../../features/accounts/utils/start-session';

export default function ServicesRoute() {
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  return (
    <ServicesPage
      buyButton={
        <>
          <BuyPackageButton signedInNow={signedInNow} />
          <SubscriberBillingLink signedIn={signedIn} />
        </>
      }
    />
  );
}
