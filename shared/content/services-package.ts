/**
 * The AI agent package sold on the Services page (spec section 9): $800 setup plus $200 per month per agent.
 * One small module so the marketing copy, the Services page's Buy Now and the create-payment function all read
 * the same numbers without loading the marketplace catalogue.
 */
export const servicesPackage = {
  productId: 'ai-agent',
  name: 'AI Agent Package',
  setupFee: 800,
  monthlyFeePerAgent: 200,
  /** The buyer may pick how many agents on Stripe's page; setup is charged once. */
  maxAgents: 20,
} as const;

/** The package's ids, as the Services page's Buy Now sends them to create-payment. */
export const servicesProduct = { productId: servicesPackage.productId, name: servicesPackage.name } as const;
