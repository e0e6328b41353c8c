/**
 * The functions of selling (docs/architecture.md, "Names"): the checkout, Stripe's events, the purchases that
 * follow the buyer, and the prompts they give.
 */
import type { FunctionDef } from './function-def';

export const purchaseFunctions = {
  createPayment: {
    entry: 'lambdas/handlers/create-payment.ts',
    description:
      'Creates a Stripe Checkout session priced from the server-side catalogue (for a signed-in buyer: with the account and its e-mail), or answers the fallback checkout.',
    tables: {},
    buckets: {},
    sendsMail: false,
    secrets: ['stripe'],
    settings: ['SITE_ORIGIN', 'STRIPE_API_URL'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  stripeWebhook: {
    entry: 'lambdas/handlers/stripe-webhook.ts',
    description:
      "Verifies Stripe webhook signatures; records purchases, refunds, lost disputes, cancelled subscriptions and failed renewals once, in any order, and stores the support staff's notice of each.",
    // submissions: the sale notices go through the delivery engine (stored first, then handed off).
    tables: { purchases: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['byUser'] }, submissions: { read: ['GetItem'], write: ['PutItem'] }, overview: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: ['stripe'],
    // Verifies signatures with the endpoint's secret and calls no Stripe API, so STRIPE_API_URL is not its business.
    settings: ['AGENCY_TIME_ZONE'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  purchases: {
    entry: 'lambdas/handlers/purchases.ts',
    description:
      "Purchases that follow the buyer: confirms a Checkout session for the browser that completed it, lists and adds an account's purchases, opens the Stripe customer portal.",
    tables: { purchases: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['byUser'] }, submissions: { read: ['GetItem'], write: ['PutItem'] }, overview: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: ['stripe'],
    settings: ['SITE_ORIGIN', 'STRIPE_API_URL', 'AGENCY_TIME_ZONE'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  prompts: {
    entry: 'lambdas/handlers/prompts.ts',
    description:
      'Returns the AI system prompt for a purchased app (prompt webhook, or the built-in generator), to the browser that paid or the account that owns the purchase, a limited number of times per hour.',
    // UpdateItem: the browser a purchase belongs to and its per-purchase retrieval count are written on the purchase.
    // promptStudios: Get prompt shows the latest version a buyer saved in the prompt studio (one Query).
    tables: { purchases: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['byUser'] }, promptStudios: { read: ['Query'] } },
    buckets: {},
    sendsMail: false,
    secrets: ['webhookSigning'],
    settings: ['PROMPT_WEBHOOK_URL', 'PURCHASE_REQUIRED'],
    timeoutSeconds: 30,
    memoryMb: 256,
  },
} as const satisfies Record<string, FunctionDef>;
