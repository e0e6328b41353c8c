/** The Services page's 'Buy Now' for the AI agent package: Stripe Checkout (subscription) in a new tab. */
import { useState } from 'react';
import { servicesProduct } from '../../../../../shared/schemas/payment';
import { startCheckout } from '../api/payments';

export default function BuyPackageButton() {
  const [busy, setBusy] = useState(false);
  const buy = async () => {
    setBusy(true);
    try {
      await startCheckout({ type: 'services', productId: servicesProduct.productId, appName: servicesProduct.name });
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
