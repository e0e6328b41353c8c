/**
 * The payment request (spec section 3: type, productId, appName) and its answer, shared by the web's Buy Now
 * buttons and the create-payment function. Only ids travel: the server prices everything from the catalogue,
 * so any price or amount a client adds is dropped here (zod strips unknown keys).
 */
import * as z from 'zod';

export const paymentTypes = ['services', 'marketplace'] as const;

export const paymentRequestSchema = z.object({
  type: z.enum(paymentTypes, { error: 'Unknown payment type.' }),
  productId: z.string({ error: 'Please choose a product.' }).trim().min(1, 'Please choose a product.').max(100),
  /** Display name the client knows; informational only (the catalogue's name is what Stripe shows). */
  appName: z.string().trim().max(200).optional(),
});

export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/**
 * The AI agent package's ids (its prices are in shared/catalogue.ts). Kept here, beside the request, so the
 * Services page's Buy Now does not load the whole marketplace catalogue.
 */
export const servicesProduct = { productId: 'ai-agent', name: 'AI Agent Package' } as const;

export interface PaymentResponse {
  /** Stripe Checkout's hosted page, or the site's fallback checkout (`/quick-checkout?...`). */
  readonly url: string;
  /** True when the URL is the fallback checkout because Stripe is not configured or did not answer. */
  readonly fallback: boolean;
}

/** The fallback checkout's address for a provider product id (spec section 2: product and fallback parameters). */
export function fallbackCheckoutUrl(providerProductId: string): string {
  return `/quick-checkout?product=${encodeURIComponent(providerProductId)}&fallback=true`;
}
