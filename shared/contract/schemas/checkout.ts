/**
 * The checkout request (the spec's "Payment request", 000_87e5fbf87b6c3f39.txt §3: type, productId, appName) and its answer, shared by the web's Buy Now
 * buttons and the create-payment function. Only ids travel: the server prices everything from the catalogue,
 * so any price or amount a client adds is dropped here (zod strips unknown keys).
 */
import * as z from './zod';
import { oneLineText } from './fields';

/** What a checkout buys: the services package (the AI agent package) or a marketplace app; the spec's `type` values. */
export const productTypes = ['services', 'marketplace'] as const;
export type ProductType = (typeof productTypes)[number];

export const checkoutRequestSchema = z.object({
  type: z.enum(productTypes, { error: 'Unknown payment type.' }),
  productId: oneLineText('Product', { min: 1, max: 100, message: 'Please choose a product.' }),
  /** Display name the client knows; informational only (the catalogue's name is what Stripe shows). */
  appName: z.optional(oneLineText('App name', { max: 200, message: 'App name must be text.' })),
});

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;


export interface CheckoutResponse {
  /** Stripe Checkout's hosted page, or the site's fallback checkout (`/quick-checkout?...`). */
  readonly url: string;
  /** True when the URL is the fallback checkout because Stripe is not configured or did not answer. */
  readonly fallback: boolean;
}

/** The fallback checkout's address for a provider product id (spec 000_87e5fbf87b6c3f39.txt §2: product and fallback parameters). */
export function fallbackCheckoutUrl(providerProductId: string): string {
  return `/quick-checkout?product=${encodeURIComponent(providerProductId)}&fallback=true`;
}
