/** The quick checkout's phone mode: send a code, verify it (any code works), then complete the payment. */
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { PayState } from '../hooks/use-simulated-payment';

export default function SimulatedPhoneForm({ state, onPay }: { state: PayState; onPay: () => void }) {
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
