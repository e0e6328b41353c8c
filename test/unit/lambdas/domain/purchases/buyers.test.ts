import { describe, expect, it } from 'vitest';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import {
  addPurchaseToAccount,
  checkoutConfirmation,
  purchasesOfAccount,
  billingPortalUrl,
  PurchaseNotProven,
  provePurchase,
} from '../../../../../lambdas/domain/purchases/buyers';
import { browserKeyHash, newBrowserKey } from '../../../../../lambdas/domain/purchases/browser-binding';
import { handleStripeEvent } from '../../../../../lambdas/domain/purchases/stripe-events';
import { purchaseDepsFor } from '../../../../helpers/memory-purchase-store';
import { completed, paidSession } from '../../../../helpers/stripe-objects';

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

describe('proving a purchase', () => {
  it('takes the webhook record when there is one, without asking Stripe', async () => {
    const session = paidSession();
    const deps = purchaseDepsFor([session]);
    await handleStripeEvent(completed(session), deps);
    expect((await provePurchase(session.id, deps)).sessionId).toBe(session.id);
    expect(deps.stripe.asked).toEqual([]);
  });

  it('asks Stripe when the webhook has not arrived yet, and records the sale as the webhook would (once)', async () => {
    const session = paidSession({ userId: alice });
    const deps = purchaseDepsFor([session]);
    expect(await provePurchase(session.id, deps)).toMatchObject({ sessionId: session.id, userId: alice, status: 'paid', eventId: 'checkout session lookup' });
    expect(deps.stripe.asked).toEqual([`session ${session.id}`]);
    await handleStripeEvent(completed(session), deps);
    expect(deps.notices.sent.map((n) => n.id)).toEqual([`sale-${session.id}`]);
  });

  it('refuses an id Stripe does not know, an unpaid or open session, another site’s session, and any session without a Stripe key', async () => {
    const open = paidSession({ overrides: { status: 'open', payment_status: 'unpaid' } });
    const foreign = paidSession({ overrides: { metadata: { appId: 'x' } } });
    const deps = purchaseDepsFor([open, foreign]);
    for (const id of ['cs_test_made_up', open.id, foreign.id]) await expect(provePurchase(id, deps)).rejects.toBeInstanceOf(PurchaseNotProven);
    await expect(provePurchase(paidSession().id, { ...deps, stripe: undefined })).rejects.toBeInstanceOf(PurchaseNotProven);
    expect(deps.store.rows.size).toBe(0);
    expect(deps.notices.sent).toEqual([]);
  });

  it('never takes another session for the one asked for', async () => {
    const session = paidSession();
    const deps = purchaseDepsFor([]);
    deps.stripe.retrieveSession = async () => session;
    await expect(provePurchase('cs_test_other', deps)).rejects.toBeInstanceOf(PurchaseNotProven);
  });
});

describe('the success screen ties a purchase to the browser that completed it', () => {
  it('ties it to the first browser; the same browser again is fine; another browser is refused', async () => {
    const session = paidSession();
    const deps = purchaseDepsFor([session]);
    const mine = newBrowserKey();
    expect(await checkoutConfirmation(session.id, mine, deps)).toEqual({
      purchase: expect.objectContaining({ sessionId: session.id, appName: 'AI Agent System Prompt Generator', status: 'paid' }),
      inAccount: false,
      browserTied: true,
    });
    expect(deps.store.rows.get(session.id)?.browserKeyHash).toBe(browserKeyHash(mine));
    expect((await checkoutConfirmation(session.id, mine, deps)).purchase.sessionId).toBe(session.id);
    await expect(checkoutConfirmation(session.id, newBrowserKey(), deps)).rejects.toMatchObject({ kind: 'forbidden', message: purchaseMessages.otherBrowser });
    await expect(checkoutConfirmation(session.id, undefined, deps)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(deps.store.rows.get(session.id)?.browserKeyHash).toBe(browserKeyHash(mine));
  });

  it('ties nothing to a browser that sent no key (its key comes with the answer), so a lost answer locks nobody out', async () => {
    const session = paidSession();
    const deps = purchaseDepsFor([session]);
    expect(await checkoutConfirmation(session.id, undefined, deps)).toMatchObject({ browserTied: false, purchase: { sessionId: session.id } });
    expect(deps.store.rows.get(session.id)?.browserKeyHash).toBeUndefined();
    const key = newBrowserKey();
    expect((await checkoutConfirmation(session.id, key, deps)).browserTied).toBe(true);
    expect(deps.store.rows.get(session.id)?.browserKeyHash).toBe(browserKeyHash(key));
  });

  it('says when the purchase is already in an account (bought signed in)', async () => {
    const session = paidSession({ userId: alice });
    const deps = purchaseDepsFor([session]);
    expect((await checkoutConfirmation(session.id, newBrowserKey(), deps)).inAccount).toBe(true);
  });
});

describe('adding a purchase made signed out to the account', () => {
  const claimant = (userId: string, browserKey?: string, email?: string) => ({ userId, browserKey, verifiedEmail: async () => email });

  it('from the browser that paid: added, and then listed in My purchases', async () => {
    const session = paidSession();
    const deps = purchaseDepsFor([session]);
    const key = newBrowserKey();
    await checkoutConfirmation(session.id, key, deps);
    expect(await addPurchaseToAccount(session.id, claimant(alice, key), deps)).toMatchObject({ sessionId: session.id, status: 'paid' });
    expect(await addPurchaseToAccount(session.id, claimant(alice, key), deps)).toMatchObject({ sessionId: session.id });
    expect(await purchasesOfAccount(alice, deps)).toEqual({ purchases: [expect.objectContaining({ sessionId: session.id })], canManageBilling: false });
  });

  it('by the account whose verified e-mail paid, from any browser', async () => {
    const session = paidSession({ email: 'Ann@Example.com' });
    const deps = purchaseDepsFor([session]);
    expect(await addPurchaseToAccount(session.id, claimant(alice, undefined, 'ann@example.com'), deps)).toMatchObject({ sessionId: session.id });
  });

  it('refuses a stranger who only knows the id, another browser, another e-mail, and leaves the purchase untouched', async () => {
    const session = paidSession();
    const deps = purchaseDepsFor([session]);
    await checkoutConfirmation(session.id, newBrowserKey(), deps);
    for (const who of [claimant(bob), claimant(bob, newBrowserKey()), claimant(bob, undefined, 'bob@example.com')]) {
      await expect(addPurchaseToAccount(session.id, who, deps)).rejects.toMatchObject({ kind: 'forbidden', message: purchaseMessages.otherBrowser });
    }
    // An unopened purchase is not tied to the first signed-in browser that names it either.
    const unopened = paidSession();
    const more = purchaseDepsFor([unopened]);
    await expect(addPurchaseToAccount(unopened.id, claimant(bob, newBrowserKey()), more)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(more.store.rows.get(unopened.id)?.browserKeyHash).toBeUndefined();
    expect(deps.store.rows.get(session.id)?.userId).toBeUndefined();
  });

  it('keeps a purchase in the account it is in', async () => {
    const session = paidSession({ userId: alice });
    const deps = purchaseDepsFor([session]);
    const key = newBrowserKey();
    await checkoutConfirmation(session.id, key, deps);
    await expect(addPurchaseToAccount(session.id, claimant(bob, key), deps)).rejects.toMatchObject({ kind: 'conflicting', message: purchaseMessages.otherAccount });
    expect((await deps.store.find(session.id))?.userId).toBe(alice);
  });
});

describe('My purchases and the billing portal', () => {
  it('lists the account’s purchases with their state; a subscriber may manage billing', async () => {
    const app = paidSession({ userId: alice });
    const agents = paidSession({ userId: alice, subscription: true });
    const deps = purchaseDepsFor([app, agents]);
    await handleStripeEvent(completed(app), deps);
    await handleStripeEvent(completed(agents), deps);
    await handleStripeEvent(completed(paidSession({ userId: bob })), deps);
    const mine = await purchasesOfAccount(alice, deps);
    expect(mine.canManageBilling).toBe(true);
    expect(mine.purchases.map((p) => [p.appName, p.status, p.subscription])).toEqual(
      expect.arrayContaining([
        ['AI Agent System Prompt Generator', 'paid', undefined],
        ['AI Agent Package', 'paid', 'active'],
      ]),
    );
    expect(mine.purchases).toHaveLength(2);
  });

  it('opens a portal session for the account’s own customer only, returning to the site', async () => {
    const agents = paidSession({ userId: alice, subscription: true });
    const deps = purchaseDepsFor([agents]);
    await handleStripeEvent(completed(agents), deps);
    const opened: [string, string][] = [];
    const portal = { createSession: async (customer: string, returnUrl: string) => (opened.push([customer, returnUrl]), 'https://billing.example/p/1') };
    expect(await billingPortalUrl(alice, '/profile', { store: deps.store, portal, siteOrigin: 'https://site.example/' })).toBe('https://billing.example/p/1');
    expect(opened).toEqual([[agents.customer, 'https://site.example/profile']]);
    await expect(billingPortalUrl(bob, '/profile', { store: deps.store, portal, siteOrigin: 'https://site.example' })).rejects.toMatchObject({
      kind: 'not-found',
      message: purchaseMessages.noBillingAccount,
    });
    const failing = { createSession: async () => Promise.reject(new Error('stripe down')) };
    await expect(billingPortalUrl(alice, '/profile', { store: deps.store, portal: failing, siteOrigin: 'https://site.example' })).rejects.toMatchObject({ kind: 'upstream-failed' });
  });
});
