// Floor part of `npm run bench:lambdas` for stripe: the provider's client library creating one Checkout session
// (the library registers all of its resources, so any use of it weighs about the same).
import Stripe from 'stripe';

export const use = (key: string) =>
  new Stripe(key).checkout.sessions.create({ mode: 'payment', line_items: [{ price: 'price_floor', quantity: 1 }], success_url: 'https://example.invalid' });
