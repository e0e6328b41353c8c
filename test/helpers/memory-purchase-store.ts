/**
 * Stand-ins for the purchase rules' ports in unit tests: an in-memory purchases table with the same merge and
 * condition semantics as lambdas/data/purchases.ts (the integration tests hold the DynamoDB module to the same
 * cases), both as the purchase rules and as a person's export and erasure see it, a Stripe that answers sessions from a list, and a notice sink that stores each id once, as the engine.
 */
import type { PersonPurchases } from '../../lambdas/domain/leads/ports';
import type { CheckoutSessionLike, Purchase, PurchaseStore } from '../../lambdas/domain/purchases/record';
import type { SaleNotice, SaleNotices } from '../../lambdas/domain/purchases/sale-notices';
import type { CheckoutLookup, PurchaseDeps } from '../../lambdas/domain/purchases/stripe-events';
import { emailKeyOf } from '../../lambdas/domain/submissions/inbox-fields';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Row = Partial<Mutable<Purchase>> & { sessionId: string; subscriptionStatusAt?: number; promptWindowStart?: string; promptCount?: number };

export function memoryPurchaseStore(): PurchaseStore & PersonPurchases & { rows: Map<string, Row> } {
  const rows = new Map<string, Row>();
  const row = (id: string): Row => {
    let r = rows.get(id);
    if (!r) {
      r = { sessionId: id };
      rows.set(id, r);
    }
    return r;
  };
  const complete = (r: Row | undefined): Purchase | undefined => {
    if (!r?.appId) return undefined;
    const { subscriptionStatusAt: _at, promptWindowStart: _w, promptCount: _c, ...purchase } = r;
    return structuredClone({ ...purchase, status: r.status === 'refunded' ? 'refunded' : 'paid' }) as Purchase;
  };
  const setOnce = (id: string, key: 'userId' | 'browserKeyHash', value: string): 'set' | 'already' | 'other' => {
    const r = rows.get(id);
    if (!r?.appId) return 'other';
    if (r[key] === undefined) {
      r[key] = value;
      return 'set';
    }
    return r[key] === value ? 'already' : 'other';
  };
  const listWhere = (keep: (r: Row) => boolean) =>
    [...rows.values()]
      .filter(keep)
      .map(complete)
      .filter((p): p is Purchase => p !== undefined)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  return {
    rows,
    async recordCompleted(checkout, now) {
      const r = row(checkout.sessionId);
      // An erased purchase was recorded before: a replay of its completion changes nothing (no address back).
      if (r.erasedAt) return 'duplicate';
      const first = r.appId === undefined;
      for (const [k, v] of Object.entries(checkout)) if ((r as Record<string, unknown>)[k] === undefined && v !== undefined) (r as Record<string, unknown>)[k] = v;
      r.createdAt ??= now.toISOString();
      r.status ??= 'paid';
      if (checkout.type === 'services') {
        r.subscriptionStatus ??= 'active';
        r.subscriptionStatusAt ??= checkout.occurredAt;
      }
      return first ? 'recorded' : 'duplicate';
    },
    async markRefunded(id, reason, now) {
      const r = row(id);
      r.status = 'refunded';
      r.refundedAt ??= now.toISOString();
      r.refundReason ??= reason;
    },
    async changeSubscription(id, change) {
      const r = row(id);
      if (r.subscriptionStatus === 'cancelled') return 'unchanged';
      if (change.status !== 'cancelled' && r.subscriptionStatusAt !== undefined && r.subscriptionStatusAt > change.at) return 'unchanged';
      r.subscriptionStatus = change.status;
      r.subscriptionStatusAt = change.at;
      return 'changed';
    },
    async noteFailedInvoice(id, invoiceId) {
      const r = row(id);
      r.failedInvoiceIds = [...new Set([...(r.failedInvoiceIds ?? []), invoiceId])].sort();
    },
    async find(id) {
      return complete(rows.get(id));
    },
    listByUser: async (userId) => listWhere((r) => r.userId === userId),
    // The table's byEmail index: an erased purchase has left it.
    listByEmail: async (email) => listWhere((r) => !r.erasedAt && !!r.customerEmail && emailKeyOf(r.customerEmail) === emailKeyOf(email)),
    async pseudonymise(id, at) {
      const r = rows.get(id);
      if (!r) return;
      r.customerEmail = null;
      r.erasedAt ??= at.toISOString();
    },
    async assignUser(id, userId) {
      const outcome = setOnce(id, 'userId', userId);
      return outcome === 'set' ? 'assigned' : outcome;
    },
    async bindBrowser(id, hash) {
      const outcome = setOnce(id, 'browserKeyHash', hash);
      return outcome === 'set' ? 'bound' : outcome;
    },
    async countPromptRetrieval(id, now, limit, windowSeconds) {
      const r = rows.get(id);
      if (!r?.appId) return false;
      const floor = new Date(now.getTime() - windowSeconds * 1000).toISOString();
      if (r.promptWindowStart !== undefined && r.promptWindowStart > floor) {
        if ((r.promptCount ?? 0) >= limit) return false;
        r.promptCount = (r.promptCount ?? 0) + 1;
        return true;
      }
      r.promptWindowStart = now.toISOString();
      r.promptCount = 1;
      return true;
    },
  };
}

/** Stripe answering from the sessions it was given (by id, payment intent or subscription). */
export function stripeKnowing(sessions: CheckoutSessionLike[]): CheckoutLookup & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async sessionByPaymentIntent(id) {
      asked.push(`payment_intent ${id}`);
      return sessions.find((s) => s.payment_intent === id);
    },
    async sessionBySubscription(id) {
      asked.push(`subscription ${id}`);
      return sessions.find((s) => s.subscription === id);
    },
    async retrieveSession(id) {
      asked.push(`session ${id}`);
      return sessions.find((s) => s.id === id);
    },
  };
}

/** The engine's promise for notices: each id stored once; `sent` lists what would be mailed, in order. */
export function memoryNotices(): SaleNotices & { sent: SaleNotice[] } {
  const sent: SaleNotice[] = [];
  return {
    sent,
    async send(notice) {
      if (sent.some((n) => n.id === notice.id)) return 'exists';
      sent.push(structuredClone(notice));
      return 'stored';
    },
  };
}

export function purchaseDepsFor(sessions: CheckoutSessionLike[], now = new Date('2026-11-22T10:00:00Z')) {
  const deps = {
    store: memoryPurchaseStore(),
    stripe: stripeKnowing(sessions),
    notices: memoryNotices(),
    clock: { now: () => now },
  };
  return deps satisfies PurchaseDeps;
}
