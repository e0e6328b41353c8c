/** What follows a payment, in the stand-in's world (./objects.ts): refunds, lost disputes, renewals and cancellations. */
import { event, newId, newInvoice, now, receipt, type Json, type StripeEvent, type World } from './objects';

function chargeOf(world: World, paymentIntentId: string) {
  const pi = world.paymentIntents[paymentIntentId];
  const charge = pi ? world.charges[pi.latest_charge] : undefined;
  if (!charge) throw new Error(`No such payment_intent: '${paymentIntentId}'`);
  return charge;
}

/** The operator refunds a payment in full (dashboard): `charge.refunded`. */
export function refundPayment(world: World, paymentIntentId: string): StripeEvent[] {
  const charge = chargeOf(world, paymentIntentId);
  charge.refunded = true;
  charge.amount_refunded = charge.amount;
  const session = Object.values(world.sessions).find((s) => s.payment_intent === paymentIntentId);
  const email = session?.customer_details?.email;
  if (email) receipt(world, email, 'receipt', `refund of ${charge.id}`, -charge.amount, String(charge.currency));
  return [event(world, 'charge.refunded', charge)];
}

/** The bank decides a dispute for the buyer: `charge.dispute.closed` with status `lost`. */
export function loseDispute(world: World, paymentIntentId: string): StripeEvent[] {
  const charge = chargeOf(world, paymentIntentId);
  const dispute = { id: newId('dp', false), object: 'dispute', charge: charge.id, payment_intent: paymentIntentId, amount: charge.amount, currency: charge.currency, status: 'lost', reason: 'fraudulent', livemode: false, created: now() };
  return [event(world, 'charge.dispute.closed', dispute)];
}

function subscriptionOf(world: World, subscriptionId: string) {
  const subscription = world.subscriptions[subscriptionId];
  if (!subscription) throw new Error(`No such subscription: '${subscriptionId}'`);
  return subscription;
}

/** A monthly renewal fails (card declined): `invoice.payment_failed`; the subscription is past due. */
export function failRenewal(world: World, subscriptionId: string): StripeEvent[] {
  const subscription = subscriptionOf(world, subscriptionId);
  if (subscription.status === 'canceled') throw new Error('This subscription is cancelled.');
  subscription.status = 'past_due';
  const invoice = newInvoice(world, subscription, subscription._monthly, 'open', 'subscription_cycle');
  return [event(world, 'invoice.payment_failed', invoice)];
}

/** The subscriber updates the card in the portal and the open renewals are paid: `invoice.paid`. */
export function payOpenInvoices(world: World, subscriptionId: string): StripeEvent[] {
  const subscription = subscriptionOf(world, subscriptionId);
  const open = Object.values(world.invoices).filter(
    (i) => i.status === 'open' && ((i.parent as Json | null)?.subscription_details as Json | undefined)?.subscription === subscriptionId,
  );
  if (subscription.status === 'past_due') subscription.status = 'active';
  return open.map((invoice) => {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    const customer = world.customers[subscription.customer];
    if (customer) receipt(world, customer.email, 'invoice', invoice.id, Number(invoice.amount_due), subscription._currency);
    return event(world, 'invoice.paid', invoice);
  });
}

/** The subscriber (portal) or the operator cancels: `customer.subscription.deleted`. */
export function cancelSubscription(world: World, subscriptionId: string): StripeEvent[] {
  const subscription = subscriptionOf(world, subscriptionId);
  if (subscription.status === 'canceled') return [];
  subscription.status = 'canceled';
  subscription.canceled_at = now();
  subscription.ended_at = now();
  return [event(world, 'customer.subscription.deleted', subscription)];
}
