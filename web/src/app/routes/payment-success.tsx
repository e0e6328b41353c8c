/**
 * /success and /payment-success: the marketplace feature's success screen, with the query client its purchase
 * confirmation reads through, told whether the visitor is signed in (so it can offer to add a purchase made
 * signed out to the account).
 */
import PaymentSuccessPage from '../../features/marketplace/pages/PaymentSuccessPage';
import { useAuthStore } from '../../features/accounts/stores/auth';
import { QueryProvider } from '../QueryProvider';

export default function PaymentSuccessRoute() {
  const status = useAuthStore((s) => s.status);
  const userId = useAuthStore((s) => s.user?.sub);
  return (
    <QueryProvider>
      <PaymentSuccessPage account={{ status, ...(userId ? { userId } : {}) }} />
    </QueryProvider>
  );
}
