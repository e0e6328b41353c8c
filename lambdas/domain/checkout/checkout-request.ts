/**
 * What a Buy Now costs and which Stripe Checkout session it opens, decided from the server-side catalogue
 * only: the client sends ids, never amounts. When Stripe is not configured (the local default) or fails, the
 * buyer is sent to the site's fallback checkout instead of seeing an error (spec 000_87e5fbf87b6c3f39.txt §2 "Screens and routes" and spec 000_87e5fbf87b6c3f39.txt §8 "Error catalogue").
 */
import {
  CURRENCY,
  appPrice,
  findApp,
  servicesPackage,
  toCents,
  type MarketplaceApp,
} from '@shared/content/catalogue';
import { fallbackCheckoutUrl, type CheckoutRequest, type CheckoutResponse } from '@shared/contract/schemas/checkout';
import { RejectedInput } from '../errors';

/** The subset of Stripe's `checkout.sessions.create` parameters this site uses (Stripe's own names). */
export interface CheckoutSessionParams {
  readonly mode: 'payment' | 'subscription';
  readonly line_items: CheckoutLineItem[];
  readonly success_url: string;
  readonly cancel_url: string;
  /**
   * Read back by the webhook to know what was bought (`appId`, `type`); `stripeProductId` is the catalogue's
   * provider product id (shared/content/catalogue.ts), kept for whoever reads the session in Stripe's dashboard.
   */
  readonly metadata: { readonly appId: string; readonly type: CheckoutRequest['type']; readonly stripeProductId: string };
  readonly subscription_data?: { readonly metadata: Record<string, string> };
  /** The signed-in buyer's account (Cognito sub): the webhook records the purchase under it. */
  readonly client_reference_id?: string;
  /** The signed-in buyer's e-mail, prefilled on Stripe's page (and where Stripe sends the receipt). */
  readonly customer_email?: string;
  /**
   * One-time payments: Stripe issues an invoice after the payment, so the buyer's receipt mail carries an invoice
   * (subscriptions get Stripe's invoices anyway). Whether Stripe mails it is a dashboard setting (docs/deploy.md).
   */
  readonly invoice_creation?: { readonly enabled: true };
}

/** Who is buying, when they are signed in (from the verified token and Cognito, never from the request body). */
export interface Buyer {
  readonly userId: string;
  /** Their verified e-mail, if Cognito could tell. */
  readonly email?: string;
}

interface CheckoutLineItem {
  readonly price_data: {
    readonly currency: string;
    readonly unit_amount: number;
    readonly product_data: { readonly name: string; readonly description?: string };
    readonly recurring?: { readonly interval: 'month' };
  };
  readonly quantity: number;
  readonly adjustable_quantity?: { readonly enabled: boolean; readonly minimum: number; readonly maximum: number };
}

/** The checkout provider (Stripe Checkout) as the domain sees it; the Stripe adapter implements it. */
export interface CheckoutProvider {
  createCheckoutSession(params: CheckoutSessionParams): Promise<{ id: string; url: string | null }>;
}

interface CheckoutPlan {
  readonly params: CheckoutSessionParams;
  /** The provider product id the fallback checkout is opened with. */
  readonly providerProductId: string;
}

function successUrl(siteOrigin: string, appId: string): string {
  // {CHECKOUT_SESSION_ID} is filled in by Stripe; the success screen keeps it to ask for the prompt later.
  return `${siteOrigin}/success?app=${encodeURIComponent(appId)}&session_id={CHECKOUT_SESSION_ID}`;
}

function servicesPlan(siteOrigin: string): CheckoutPlan {
  const metadata = { appId: servicesPackage.productId, type: 'services', stripeProductId: servicesPackage.productId } as const;
  return {
    providerProductId: servicesPackage.productId,
    params: {
      mode: 'subscription',
      line_items: [
        {
          price_data: {
            currency: CURRENCY,
            unit_amount: toCents(servicesPackage.monthlyFeePerAgent),
            recurring: { interval: 'month' },
            product_data: {
              name: `${servicesPackage.name}: monthly fee per agent`,
              description: 'Hosting, monitoring, optimization and dedicated support for each AI agent.',
            },
          },
          quantity: 1,
          // The buyer chooses the number of agents on Stripe's page; the setup fee below stays one.
          adjustable_quantity: { enabled: true, minimum: 1, maximum: servicesPackage.maxAgents },
        },
        {
          price_data: {
            currency: CURRENCY,
            unit_amount: toCents(servicesPackage.setupFee),
            product_data: {
              name: `${servicesPackage.name}: one-time setup`,
              description: '3-week discovery phase, build and integration, then a 2-week optimization phase.',
            },
          },
          quantity: 1,
        },
      ],
      success_url: successUrl(siteOrigin, servicesPackage.productId),
      cancel_url: `${siteOrigin}/cancel`,
      metadata,
      subscription_data: { metadata: { ...metadata } },
    },
  };
}

function marketplacePlan(app: MarketplaceApp, siteOrigin: string): CheckoutPlan {
  return {
    providerProductId: app.stripeProductId,
    params: {
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: CURRENCY,
            unit_amount: toCents(appPrice(app)),
            product_data: { name: app.name, description: app.description },
          },
          quantity: 1,
        },
      ],
      success_url: successUrl(siteOrigin, app.id),
      cancel_url: `${siteOrigin}/cancel`,
      metadata: { appId: app.id, type: 'marketplace', stripeProductId: app.stripeProductId },
      invoice_creation: { enabled: true },
    },
  };
}

/** The Checkout session for a request; RejectedInput for a product the catalogue does not sell that way. */
export function planCheckout(request: CheckoutRequest, siteOrigin: string, buyer?: Buyer): CheckoutPlan {
  const plan = productPlan(request, siteOrigin.replace(/\/+$/, ''));
  if (!buyer) return plan;
  return {
    ...plan,
    params: { ...plan.params, client_reference_id: buyer.userId, ...(buyer.email ? { customer_email: buyer.email } : {}) },
  };
}

function productPlan(request: CheckoutRequest, origin: string): CheckoutPlan {
  if (request.type === 'services') {
    if (request.productId !== servicesPackage.productId) throw new RejectedInput('This package is not available.', 'productId');
    return servicesPlan(origin);
  }
  const app = catalogueApp(request.productId);
  if (!app) throw new RejectedInput('This app is not available.', 'productId');
  return marketplacePlan(app, origin);
}

// Only catalogue ids are accepted here (not provider ids) so the success URL always names the app itself.
function catalogueApp(id: string): MarketplaceApp | undefined {
  const app = findApp(id);
  return app?.id === id ? app : undefined;
}

export interface CheckoutDeps {
  /** Undefined when Stripe is not configured. */
  readonly provider: CheckoutProvider | undefined;
  readonly siteOrigin: string;
  readonly onProviderFailure?: (error: unknown) => void;
  /** The signed-in buyer (Buy Now through the account route). */
  readonly buyer?: Buyer;
}

export async function checkoutFor(request: CheckoutRequest, deps: CheckoutDeps): Promise<CheckoutResponse> {
  const plan = planCheckout(request, deps.siteOrigin, deps.buyer);
  const fallback: CheckoutResponse = { url: fallbackCheckoutUrl(plan.providerProductId), fallback: true };
  if (!deps.provider) return fallback;
  try {
    const session = await deps.provider.createCheckoutSession(plan.params);
    if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`);
    return { url: session.url, fallback: false };
  } catch (error) {
    deps.onProviderFailure?.(error);
    return fallback;
  }
}
