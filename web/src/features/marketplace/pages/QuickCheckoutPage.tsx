/**
 * /quick-checkout: the fallback checkout simulator (spec sections 2, 4, 5, 8, 9). No payment is processed and
 * nothing is verified on a server. Card mode or phone mode (`method=phone`), a fixed $0.50 total, 2 s of
 * processing, 'Payment successful! (Simulated)', then a full-page redirect to /success?app=<product> 1 s later.
 */
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FALLBACK_PRICE, findApp, formatPrice } from '@shared/content/catalogue';
import { toast } from '../../../lib/toast';
import SimulatedCardForm from '../components/SimulatedCardForm';
import SimulatedPhoneForm from '../components/SimulatedPhoneForm';
import { useSimulatedPayment } from '../hooks/use-simulated-payment';
import '../marketplace.css';

const DEFAULT_PRODUCT = 'ai-agent-prompt';
const TOTAL = formatPrice(FALLBACK_PRICE);

export default function QuickCheckoutPage() {
  const [params] = useSearchParams();
  const product = params.get('product') || DEFAULT_PRODUCT;
  const method = params.get('method') === 'phone' ? 'phone' : 'card';
  const fallback = params.get('fallback') === 'true';
  const app = findApp(product);
  const { state, pay } = useSimulatedPayment(product);
  const announced = useRef(false);

  useEffect(() => {
    if (!fallback || announced.current) return;
    announced.current = true;
    toast({
      title: 'Alternative checkout',
      description: 'Our main payment processor is temporarily unavailable, so you are using the alternative checkout.',
    });
  }, [fallback]);

  const otherMethod = new URLSearchParams(params);
  otherMethod.set('method', method === 'card' ? 'phone' : 'card');

  return (
    <main id="main" className="container page quick-checkout">
      <Link className="button button-secondary quick-checkout-back" to="/marketplace">
        Back to Marketplace
      </Link>
      <div className="card quick-checkout-card">
        <h1>Quick Checkout (Fallback Mode)</h1>
        <p className="quick-checkout-statement">
          This is a simulated checkout: no real payment is processed and nothing is charged.
        </p>

        <dl className="quick-checkout-summary">
          <div>
            <dt>Product</dt>
            <dd>{app?.name ?? product}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd className="app-price">{TOTAL}</dd>
          </div>
        </dl>

        {method === 'card' ? <SimulatedCardForm state={state} onPay={pay} /> : <SimulatedPhoneForm state={state} onPay={pay} />}

        {state === 'failed' ? (
          <div className="quick-checkout-failure">
            <p role="alert">Payment could not be processed at this time. Please try again later or contact support.</p>
            <p className="quick-checkout-note">
              We could not simulate your payment. Please try again later, or contact support if payment issues persist.
            </p>
          </div>
        ) : null}

        {state === 'idle' ? (
          <p className="quick-checkout-switch">
            <Link to={`?${otherMethod.toString()}`} replace>
              {method === 'card' ? 'Pay with phone verification instead' : 'Pay by card instead'}
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
