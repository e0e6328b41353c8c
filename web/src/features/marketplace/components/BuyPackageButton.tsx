/**
 * The Services page's 'Buy Now' for the AI agent package: Stripe Checkout (subscription) in a new tab.
 *
 * The button itself comes with the /services page's code, so it works as soon as the page is interactive: React
 * drops a click on server-rendered content whose code has not arrived yet, and a lazily loaded button lost the
 * clicks of fast visitors. The payment call and its API client (about 10 KB) still load only on the click.
 */
import { useState } from 'react';
import { servicesProduct } from '@shared/content/services-package';
import { toast } from '../../../lib/toast';
import { openCheckoutTab } from '../api/checkout-tab';

/**
 * `signedInNow`: asked at the click; when signed in, the subscription follows the account (Manage billing on My
 * Profile). Asked, not passed as a flag: a click made before the first session check answered must wait for it.
 */
export default function BuyPackageButton({ signedInNow = async () => false }: { signedInNow?: () => Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  const buy = async () => {
    setBusy(true);
    const tab = openCheckoutTab();
    try {
      const [{ buyNow }, signedIn] = await Promise.all([import('../api/create-payment'), signedInNow()]);
      await buyNow({ type: 'services', productId: servicesProduct.productId, appName: servicesProduct.name }, tab, { signedIn });
    } catch {
      // Only the code failed to load (buyNow reports its own errors).
      tab?.close();
      toast({ title: 'Error', description: 'Payment error', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button-primary" disabled={busy} aria-busy={busy} onClick={() => void buy()}>
      Buy Now
    </button>
  );
}
