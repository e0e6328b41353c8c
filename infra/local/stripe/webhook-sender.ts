/**
 * The stand-in's webhook sender: each event signed as Stripe signs it (Stripe-Signature over the raw body) and
 * posted to the site's endpoint after the caller's answer went out (a buyer may reach the success screen first, as
 * with Stripe), in order, retried a few times when the site does not answer 2xx.
 */
import Stripe from 'stripe';
import type { StripeEvent } from './objects';

export interface EventDelivery {
  readonly eventId: string;
  readonly type: string;
  attempts: number;
  /** The site's last answer (0: no answer). */
  status: number;
}

export interface StripeWebhookTarget {
  readonly url: string;
  /** The endpoint's signing secret (whsec_...), the site's STRIPE_WEBHOOK_SECRET. */
  readonly secret: string;
}

const DELIVERY_ATTEMPTS = 4;

export class WebhookSender {
  /** Every delivery so far, in the order they started. */
  readonly deliveries: EventDelivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(public target: StripeWebhookTarget | undefined) {}

  /** Sends the events in order, each after the previous one was answered (after the caller's answer went out). */
  send(events: StripeEvent[]): StripeEvent[] {
    const target = this.target;
    if (target && events.length > 0) {
      const run = (async () => {
        await new Promise((r) => setImmediate(r));
        for (const e of events) await this.deliver(e, target);
      })();
      this.inFlight.add(run);
      void run.finally(() => this.inFlight.delete(run));
    }
    return events;
  }

  /** Waits until every event sent so far has been delivered or given up. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** Waits for the deliveries in flight, at most `ms`. */
  async finish(ms: number): Promise<void> {
    await Promise.race([Promise.all(this.inFlight), new Promise((r) => setTimeout(r, ms))]);
  }

  private async deliver(event: StripeEvent, target: StripeWebhookTarget): Promise<void> {
    const record: EventDelivery = { eventId: event.id, type: event.type, attempts: 0, status: 0 };
    this.deliveries.push(record);
    const payload = JSON.stringify(event);
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
      record.attempts = attempt;
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: target.secret }),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        record.status = response.status;
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        record.status = 0;
      }
      await new Promise((r) => setTimeout(r, 500 * 2 ** (attempt - 1)));
    }
  }
}
