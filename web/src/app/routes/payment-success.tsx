/**
 * /success and /payment-success: the marketplace feature's success screen, told whether the visitor is signed in
 * (so it can offer to add a purchase made signed out to the account). Its purchase confirmation reads through the
 * query client: both load only for a checkout that came back with its session (./payment-success-note.tsx).
 */
import { lazy } from 'react';
import PaymentSuccessPage from '../../features/marketplace/pages/PaymentSuccessPage';
import { useAuthStore } from '../../features/accounts/stores/auth';

const AccountNote = lazy(() => import('./payment-success-note'));

export default function PaymentSuccessRoute() {
  const status = useAuthStore((s) => s.status);
  const userId = useAuthStore((s) => s.user?.sub);
  return <PaymentSuccessPage account={{ status, ...(userId ? { userId } : {}) }} AccountNote={AccountNote} />;
}
