/**
 * Stripe for tests: the local Stripe stand-in (infra/local/stripe/stand-in.ts), the same one `npm start -- --stripe`
 * and the browser tests use, started on a free port in the test's process. Point the functions at it with
 * STRIPE_API_URL. It records every request the official `stripe` library sends (`requests`, the form body decoded
 * into the nested object Stripe sees), can be told to fail or to drop connections, and plays the buyer and the
 * operator (`pay`, `refund`, `failRenewal`, ...), answering the events Stripe would send.
 */
import { startStripeStandIn, type StripeStandIn } from '../../infra/local/stripe/stand-in';

export { decodeStripeForm, type StripeEvent, type StripeRequest } from '../../infra/local/stripe/stand-in';

export interface FakeStripe extends StripeStandIn {
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const standIn = await startStripeStandIn();
  return { ...standIn, close: () => standIn.stop() };
}
