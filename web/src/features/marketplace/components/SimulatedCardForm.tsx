/** The quick checkout's card form: all three fields required, no card is checked or charged. */
import { useState, type FormEvent } from 'react';
import { FALLBACK_PRICE, formatPrice } from '@shared/content/catalogue';
import { toast } from '../../../lib/toast';
import type { PayState } from '../hooks/use-simulated-payment';

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
