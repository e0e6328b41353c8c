/** /cancel and /payment-canceled (spec 000_87e5fbf87b6c3f39.txt §2 and 8): the canceled payment, with a way forward. */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import '../marketplace.css';

const MESSAGE = 'Your payment has been canceled. Please try again or contact us for assistance.';

export default function PaymentCancelPage() {
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    toast({ title: 'Payment Canceled', description: MESSAGE, variant: 'destructive' });
  }, []);

  return (
    <main id="main" className="container page payment-result">
      <div className="card payment-result-card">
        <h1>Payment Canceled</h1>
        <p>{MESSAGE}</p>
        <div className="payment-result-actions">
          <Link className="button button-primary" to="/contact">
            Contact Support
          </Link>
          <Link className="button button-secondary" to="/services">
            Back to Services
          </Link>
        </div>
      </div>
    </main>
  );
}
