/** One labelled input of the quick checkout's forms, with the button that acts on it (Send Code, Verify) if any. */
import type { InputHTMLAttributes, ReactNode } from 'react';

interface CheckoutFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** A button beside the input. */
  action?: ReactNode;
}

export function CheckoutField({ id, label, action, ...input }: CheckoutFieldProps) {
  const control = <input id={id} {...input} />;
  return (
    <div className="checkout-field">
      <label htmlFor={id}>{label}</label>
      {action ? (
        <div className="checkout-inline">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
    </div>
  );
}
