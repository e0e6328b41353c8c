/** The quick checkout's card form: all three fields required, no card is checked or charged. */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { FALLBACK_PRICE, formatPrice } from '@shared/content/catalogue';
import { toast } from '../../../lib/toast';
import type { PayState } from '../hooks/use-simulated-payment';
import { CheckoutField } from './CheckoutField';

const TOTAL = formatPrice(FALLBACK_PRICE);

export default function SimulatedCardForm({ state, onPay }: { state: PayState; onPay: () => void }) {
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
  /** What every card field shares: required, locked once the payment starts, bound to its part of `card`. */
  const field = (key: keyof typeof card) => ({
    'aria-required': true,
    readOnly: locked,
    value: card[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setCard({ ...card, [key]: e.target.value }),
  });
  return (
    <form className="checkout-form" noValidate onSubmit={submit}>
      <CheckoutField id="card-number" label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" {...field('number')} />
      <div className="checkout-row">
        <CheckoutField id="card-expiry" label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" {...field('expiry')} />
        <CheckoutField id="card-cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...field('cvc')} />
      </div>
      <button type="submit" className="button button-primary button-block" disabled={locked} aria-busy={state === 'processing'}>
        {state === 'processing' ? 'Processing...' : `Pay ${TOTAL} (Simulated)`}
      </button>
    </form>
  );
}
