/** What a buyer does on Stripe, in the stand-in's world (./objects.ts): a Checkout session created and paid, a portal session. */
import { asNumber, event, newCharge, newId, newInvoice, now, receipt, type Json, type LineItem, type Session, type StripeEvent, type World } from './objects';

/** `checkout.sessions.create` with the parameters as the stripe library sends them (decoded form, strings). */
export function createSession(world: World, params: Json, baseUrl: string): Session {
  const lines = ((params.line_items as Json[] | undefined) ?? []).map((line): LineItem => {
    const price = (line.price_data ?? {}) as Json;
    const product = (price.product_data ?? {}) as Json;
    return {
      name: String(product.name ?? 'Item'),
      unitAmount: asNumber(price.unit_amount),
      quantity: asNumber(line.quantity, 1),
      recurring: price.recurring !== undefined,
    };
  });
  const currency = String(((params.line_items as Json[] | undefined)?.[0]?.price_data as Json | undefined)?.currency ?? 'usd');
  const id = newId('cs');
  const invoiceCreation = (params.invoice_creation as Json | undefined)?.enabled;
  const session: Session = {
    id,
    object: 'checkout.session',
    mode: String(params.mode ?? 'payment'),
    status: 'open',
    payment_status: 'unpaid',
    amount_total: lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
    currency,
    success_url: String(params.success_url ?? ''),
    cancel_url: String(params.cancel_url ?? ''),
    metadata: (params.metadata as Record<string, string> | undefined) ?? {},
    client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
    customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
    customer: null,
    customer_details: null,
    payment_intent: null,
    subscription: null,
    invoice: null,
    invoice_creation: params.mode === 'payment' ? { enabled: invoiceCreation === 'true' || invoiceCreation === true } : null,
    livemode: false,
    created: now(),
    // Stripe's hosted page; here the stand-in's own.
    url: `${baseUrl}/c/pay/${id}`,
    _lines: lines,
    _subscriptionMetadata: ((params.subscription_data as Json | undefined)?.metadata as Record<string, string> | undefined) ?? {},
  };
  world.sessions[id] = session;
  return session;
}

/** The buyer pays on the hosted page with `email`: the session completes; answers the events Stripe sends. */
export function paySession(world: World, sessionId: string, email: string): StripeEvent[] {
  const session = world.sessions[sessionId];
  if (!session) throw new Error(`No such checkout.session: '${sessionId}'`);
  if (session.status !== 'open') throw new Error('This Checkout Session is no longer active.');
  const buyerEmail = session.customer_email ?? email;
  const events: StripeEvent[] = [];
  session.status = 'complete';
  session.payment_status = 'paid';
  session.customer_details = { email: buyerEmail };
  session.url = null;
  if (session.mode === 'subscription') {
    const customer = { id: newId('cus', false), object: 'customer', email: buyerEmail };
    world.customers[customer.id] = customer;
    const monthly = session._lines.filter((l) => l.recurring).reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
    const subscription = {
      id: newId('sub', false),
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      metadata: (session._subscriptionMetadata as Record<string, string>) ?? {},
      created: now(),
      livemode: false,
      _monthly: monthly,
      _currency: session.currency,
      _plan: session._lines.find((l) => l.recurring)?.name ?? 'Subscription',
    };
    world.subscriptions[subscription.id] = subscription;
    const invoice = newInvoice(world, subscription, session.amount_total, 'paid', 'subscription_create');
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    events.push(event(world, 'checkout.session.completed', session));
    events.push(event(world, 'invoice.paid', invoice));
    receipt(world, buyerEmail, 'invoice', invoice.id, session.amount_total, session.currency);
  } else {
    const charge = newCharge(world, session.amount_total, session.currency);
    session.payment_intent = charge.payment_intent;
    if (session.invoice_creation?.enabled) {
      const invoice = newInvoice(world, undefined, session.amount_total, 'paid', 'manual');
      session.invoice = invoice.id;
      receipt(world, buyerEmail, 'invoice', invoice.id, session.amount_total, session.currency);
    } else {
      receipt(world, buyerEmail, 'receipt', charge.id, session.amount_total, session.currency);
    }
    events.push(event(world, 'checkout.session.completed', session));
  }
  return events;
}

/** `billing_portal.sessions.create`. */
export function createPortalSession(world: World, customerId: string, returnUrl: string | null, baseUrl: string) {
  if (!world.customers[customerId]) throw new Error(`No such customer: '${customerId}'`);
  const id = newId('bps', false);
  const session = { id, object: 'billing_portal.session', customer: customerId, return_url: returnUrl, url: `${baseUrl}/p/session/${id}`, created: now(), livemode: false };
  world.portalSessions[id] = session;
  return session;
}
