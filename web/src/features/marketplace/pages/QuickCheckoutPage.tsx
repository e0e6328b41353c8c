/**
 * /quick-checkout: the fallback checkout simulator (spec sections 2, 4, 5, 8, 9). No payment is processed and
 * nothing is verified on a server. Card mode or phone mode (`method=phone`), a fixed $0.50 total, 2 s of
 * processing, 'Payment successful! (Simulated)', then a full-page redirect to /success?app=<product> 1 s later.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FALLBACK_PRICE, findApp, formatPrice } from '@shared/content/catalogue';
import { toast } from '../../../lib/toast';
import '../marketplace.css';

export const DEFAULT_PRODUCT = 'ai-agent-prompt';
export const PROCESSING_MS = 2000;
export const REDIRECT_DELAY_MS = 1000;
export const WATCHDOG_MS = 12_000;
/** How often the watchdog looks at the wall clock. */
const WATCHDOG_TICK_MS = 500;

type PayState = 'idle' | 'processing' | 'succeeded' | 'failed';

const TOTAL = formatPrice(FALLBACK_PRICE);

/**
 * The simulated payment. The watchdog measures wall-clock time rather than trusting one long timer: a tab in
 * the background or a device that slept fires timers late, and then the buyer must see that the payment did
 * not go through instead of a checkout that silently hangs.
 */
function useSimulatedPayment(product: string) {
  const [state, setState] = useState<PayState>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const watchdog = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stopWatchdog = () => {
    clearInterval(watchdog.current);
    watchdog.current = undefined;
  };
  const clearAll = () => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
    stopWatchdog();
  };
  useEffect(() => clearAll, []);

  const pay = () => {
    if (state !== 'idle') return;
    setState('processing');
    const startedAt = Date.now();
    watchdog.current = setInterval(() => {
      if (Date.now() - startedAt < WATCHDOG_MS) return;
      clearAll();
      setState('failed');
      toast({ title: 'Payment Error', description: 'Payment processing timed out. Stripe may be unavailable.', variant: 'destructive' });
    }, WATCHDOG_TICK_MS);
    timers.current.push(
      setTimeout(() => {
        stopWatchdog();
        setState('succeeded');
        toast({ title: 'Payment successful! (Simulated)', description: 'Taking you to your purchase...' });
        timers.current.push(
          setTimeout(() => window.location.assign(`/success?app=${encodeURIComponent(product)}`), REDIRECT_DELAY_MS),
        );
      }, PROCESSING_MS),
    );
  };

  return { state, pay };
}

function CardForm({ state, onPay }: { state: PayState; onPay: () => void }) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!card.number.trim() || !card.expiry.trim() || !card.cvc.trim()) {
      toast({ title: 'Missing information', description: 'Please complete all required card fields.', variant: 'destructive' });
      return;
    }
    onPay();
  };
  const locked = state !== 'idle';
  return (
    <form className="checkout-form" noValidate onSubmit={submit}>
      <div className="checkout-field">
        <label htmlFor="card-number">Card number</label>
        <input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          aria-required="true"
          readOnly={locked}
          value={card.number}
          onChange={(e) => setCard({ ...card, number: e.target.value })}
        />
      </div>
      <div className="checkout-row">
        <div className="checkout-field">
          <label htmlFor="card-expiry">Expiry (MM/YY)</label>
          <input
            id="card-expiry"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            aria-required="true"
            readOnly={locked}
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: e.target.value })}
          />
        </div>
        <div className="checkout-field">
          <label htmlFor="card-cvc">CVC</label>
          <input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            aria-required="true"
            readOnly={locked}
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: e.target.value })}
          />
        </div>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={locked} aria-busy={state === 'processing'}>
        {state === 'processing' ? 'Processing...' : `Pay ${TOTAL} (Simulated)`}
      </button>
    </form>
  );
}

function PhoneForm({ state, onPay }: { state: PayState; onPay: () => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'phone' | 'code' | 'verified'>('phone');

  const sendCode = () => {
    if (!phone.trim()) {
      toast({ title: 'Phone number required', description: 'Please enter your phone number to receive the verification code.', variant: 'destructive' });
      return;
    }
    setStep('code');
    toast({ title: 'Verification code sent', description: `We sent a 6-digit code to ${phone.trim()} (simulated: any code works).` });
  };
  const verify = () => {
    if (!code.trim()) {
      toast({ title: 'Verification code required', description: 'Please enter the verification code sent to your phone.', variant: 'destructive' });
      return;
    }
    setStep('verified');
    toast({ title: 'Phone verified', description: 'You can now complete your payment.' });
  };

  return (
    <div className="checkout-form">
      {step === 'verified' ? (
        <output className="checkout-verified">Phone number {phone.trim()} verified.</output>
      ) : (
        <>
          <div className="checkout-field">
            <label htmlFor="phone-number">Phone number</label>
            <div className="checkout-inline">
              <input
                id="phone-number"
                type="tel"
                autoComplete="tel"
                placeholder="+1 555 123 4567"
                readOnly={step !== 'phone'}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
              <button type="button" className="button button-secondary" disabled={step !== 'phone'} onClick={sendCode}>
                Send Code
              </button>
            </div>
          </div>
          {step === 'code' ? (
            <div className="checkout-field">
              <label htmlFor="phone-code">Verification code</label>
              <div className="checkout-inline">
                <input
                  id="phone-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="6-digit code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
                <button type="button" className="button button-secondary" onClick={verify}>
                  Verify
                </button>
              </div>
            </div>
          ) : null}
        </>
      )}
      <button
        type="button"
        className="button button-primary button-block"
        disabled={step !== 'verified' || state !== 'idle'}
        aria-busy={state === 'processing'}
        onClick={onPay}
      >
        {state === 'processing' ? 'Processing...' : 'Complete Payment'}
      </button>
    </div>
  );
}

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

        {method === 'card' ? <CardForm state={state} onPay={pay} /> : <PhoneForm state={state} onPay={pay} />}

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
