/**
 * Purchases that follow the buyer, on the local stack's tables and Cognito, with the Stripe stand-in
 * (infra/local/stripe): Buy Now signed in (the account and its verified e-mail on the session), the success
 * screen's confirmation (proven by the webhook's record or by Stripe, never by the id alone; the httpOnly browser
 * key), Get prompt from the browser that paid and from the account on any device, adding a purchase made signed
 * out, My purchases, the billing portal, and a refund taking the prompt back.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import { purchaseNotVerifiedMessage } from '@shared/contract/schemas/prompt';
import { purchaseMessages } from '@shared/contract/schemas/purchases';
import { findPurchase } from '../../../lambdas/data/purchases';
import { PROMPTS_PER_HOUR } from '../../../lambdas/domain/prompts/prompt-source';
import { handler as createPayment } from '../../../lambdas/handlers/create-payment';
import { handler as prompts } from '../../../lambdas/handlers/prompts';
import { handler as purchases } from '../../../lambdas/handlers/purchases';
import { handler as stripeWebhook } from '../../../lambdas/handlers/stripe-webhook';
import { createConfirmedUser, signIn, uniqueEmail, type TestUser, type Tokens } from '../../helpers/cognito';
import { startFakeStripe, type FakeStripe, type StripeEvent } from '../../helpers/fake-stripe';
import { call, callWithCookies, cookiePair } from '../../helpers/http-event';
import { storedSubmission } from '../../helpers/submissions';

const SECRET = 'whsec_test_account_purchases';
const SITE = 'https://site.example';
const KEYS = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'SITE_ORIGIN', 'PURCHASE_REQUIRED', 'PROMPT_WEBHOOK_URL'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
let stripe: FakeStripe;
let ann: TestUser;
let annTokens: Tokens;
let bob: TestUser;
let bobTokens: Tokens;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ann = await createConfirmedUser({ email: uniqueEmail('ann') });
  annTokens = await signIn(ann.email, ann.password);
  bob = await createConfirmedUser({ email: uniqueEmail('bob') });
  bobTokens = await signIn(bob.email, bob.password);
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  Object.assign(process.env, {
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_SECRET_KEY: 'sk_test_account_purchases',
    STRIPE_API_URL: stripe.url,
    SITE_ORIGIN: SITE,
    PURCHASE_REQUIRED: 'true',
    PROMPT_WEBHOOK_URL: '',
  });
});
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

/** A signed-in call: the token's claims as the authorizer passes them, and the token (writes need a live session). */
const as = (user: TestUser, tokens: Tokens = user === ann ? annTokens : bobTokens) => ({
  claims: { sub: user.sub },
  headers: { authorization: `Bearer ${tokens.accessToken}` },
});
const appRequest = { type: 'marketplace', productId: 'ai-customer-support', appName: 'AI Customer Support Bot' };
const agentsRequest = { type: 'services', productId: 'ai-agent', appName: 'AI Agent Package' };

/** Buy Now (signed out, or through the account route), paid on the stand-in's page. */
async function buy(body: object, opts: { user?: TestUser; tokens?: Tokens; email?: string } = {}) {
  const res = opts.user
    ? await call(createPayment, routes.createAccountPayment, body, as(opts.user, opts.tokens))
    : await call(createPayment, routes.createPayment, body);
  expect(res.status).toBe(200);
  const sessionId = /\/c\/pay\/(cs_\w+)$/.exec(String(res.body.url))?.[1] as string;
  const events = stripe.pay(sessionId, opts.email ?? uniqueEmail('buyer'));
  return { sessionId, events, session: stripe.world().sessions[sessionId] };
}

async function deliver(events: readonly StripeEvent[]) {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const res = await call(stripeWebhook, routes.stripeWebhook, payload, { headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) } });
    expect(res.status).toBe(200);
  }
}

/** The success screen's confirmation, from a browser holding `cookie` (none: a new browser). */
const confirm = (sessionId: string, cookie?: string) => callWithCookies(purchases, routes.confirmCheckout, { sessionId }, cookie ? { cookies: [cookie] } : {});
/** The buyer's browser on the success screen: confirms, and again with the key the first answer gave it. */
async function confirmAsBuyer(sessionId: string): Promise<string> {
  const first = await confirm(sessionId);
  expect(first.body.browserTied).toBe(false);
  const buyer = cookiePair(first.setCookies[0] as string);
  expect((await confirm(sessionId, buyer)).body.browserTied).toBe(true);
  return buyer;
}
const prompt = (sessionId: string, cookie?: string) =>
  callWithCookies(prompts, routes.getPrompt, { appId: 'ai-customer-support', sessionId }, cookie ? { cookies: [cookie] } : {});

describe('Buy Now while signed in', () => {
  it('creates the session with the account and its verified e-mail; the webhook records the purchase under the account', async () => {
    stripe.requests.length = 0;
    const { sessionId, events } = await buy(appRequest, { user: ann, tokens: annTokens });
    expect(stripe.requests[0]?.params).toMatchObject({ client_reference_id: ann.sub, customer_email: ann.email, invoice_creation: { enabled: 'true' } });
    // The stand-in's page prefills the e-mail; Stripe sends the receipt, with its invoice, there.
    expect(stripe.world().receipts.filter((r) => r.about === stripe.world().sessions[sessionId]?.invoice)).toEqual([expect.objectContaining({ to: ann.email, kind: 'invoice', amount: 5999 })]);
    await deliver(events);
    expect(await findPurchase(sessionId)).toMatchObject({ userId: ann.sub, customerEmail: ann.email, status: 'paid' });
    const mine = await call(purchases, routes.listAccountPurchases, undefined, as(ann));
    expect(mine.body.purchases).toEqual(expect.arrayContaining([expect.objectContaining({ sessionId, appName: 'AI Customer Support Bot', amountTotal: 5999, status: 'paid' })]));
    expect((await call(purchases, routes.listAccountPurchases, undefined, as(bob))).body.purchases).not.toEqual(expect.arrayContaining([expect.objectContaining({ sessionId })]));
  });

  it('takes the account from the verified token only: a body naming another user changes nothing', async () => {
    stripe.requests.length = 0;
    await call(createPayment, routes.createAccountPayment, { ...appRequest, client_reference_id: bob.sub, userId: bob.sub }, as(ann, annTokens));
    expect(stripe.requests[0]?.params.client_reference_id).toBe(ann.sub);
  });
});

describe('the success screen and Get prompt in the browser that paid (issue 24 item 8)', () => {
  it('Buy Now gives a browser without a key its httpOnly key, so the success screen can tie the purchase to it at once', async () => {
    const first = await callWithCookies(createPayment, routes.createPayment, appRequest);
    expect(first.setCookies).toEqual([expect.stringMatching(/^__Host-buyer=[\w-]{43}; Path=\/; /)]);
    const key = cookiePair(first.setCookies[0] as string);
    expect((await callWithCookies(createPayment, routes.createPayment, appRequest, { cookies: [key] })).setCookies).toEqual([]);
    const sessionId = /\/c\/pay\/(cs_\w+)$/.exec(String(first.body.url))?.[1] as string;
    stripe.pay(sessionId, uniqueEmail('buyer'));
    expect((await confirm(sessionId, key)).body).toMatchObject({ browserTied: true });
    expect((await prompt(sessionId, key)).status).toBe(200);
  });

  it('proves the session with Stripe before its webhook arrives, and ties it to this browser with an httpOnly cookie', async () => {
    const { sessionId, events } = await buy(appRequest);
    // A browser without a key gets one, and the purchase is tied to nothing until the browser sends it.
    const first = await confirm(sessionId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ purchase: expect.objectContaining({ sessionId, appId: 'ai-customer-support', status: 'paid' }), inAccount: false, browserTied: false });
    expect(first.setCookies).toEqual([expect.stringMatching(/^__Host-buyer=[\w-]{43}; Path=\/; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax$/)]);
    // Recorded as the webhook would, with its sale notice; the webhook then changes nothing.
    expect(await findPurchase(sessionId)).toMatchObject({ status: 'paid', eventId: 'checkout session lookup' });
    expect(await storedSubmission(`sale-${sessionId}`)).toMatchObject({ kind: 'saleNotice' });
    await deliver(events);
    const buyer = cookiePair(first.setCookies[0] as string);
    expect(await confirm(sessionId, buyer)).toMatchObject({ status: 200, body: { browserTied: true }, setCookies: [] });
    expect(await confirm(sessionId, buyer)).toMatchObject({ status: 200, body: { browserTied: true }, setCookies: [] });

    const served = await prompt(sessionId, buyer);
    expect(served.status).toBe(200);
    expect(served.body.prompt).toContain('# System prompt: AI Customer Support Bot');
  });

  it('refuses the prompt to every other browser that knows the session id, and to an id Stripe does not know', async () => {
    const { sessionId } = await buy(appRequest);
    const buyer = await confirmAsBuyer(sessionId);
    // The attack of issue 24: one session id passed to 20 people.
    for (let i = 0; i < 20; i++) {
      const other = await prompt(sessionId);
      expect(other).toMatchObject({ status: 403, body: { message: purchaseMessages.otherBrowser } });
      const stolen = await confirm(sessionId, other.setCookies.map(cookiePair)[0]);
      expect(stolen).toMatchObject({ status: 403, body: { message: purchaseMessages.otherBrowser } });
    }
    expect((await prompt(sessionId, buyer)).status).toBe(200);
    expect(await confirm('cs_test_made_up_session')).toMatchObject({ status: 403, body: { message: purchaseMessages.notProven } });
    expect(await prompt('cs_test_made_up_session')).toMatchObject({ status: 403, body: { message: purchaseNotVerifiedMessage } });
    expect(await findPurchase('cs_test_made_up_session')).toBeUndefined();
  });

  it(`answers ${PROMPTS_PER_HOUR} prompts an hour per purchase, then 429 with a clear message`, async () => {
    const { sessionId } = await buy(appRequest);
    const buyer = await confirmAsBuyer(sessionId);
    for (let i = 0; i < PROMPTS_PER_HOUR; i++) expect((await prompt(sessionId, buyer)).status).toBe(200);
    expect(await prompt(sessionId, buyer)).toMatchObject({ status: 429, body: { message: purchaseMessages.tooManyPrompts } });
  });

  it('a refunded purchase no longer yields a prompt, in the browser or the account', async () => {
    const { sessionId, events, session } = await buy(appRequest, { user: ann, tokens: annTokens });
    await deliver(events);
    const buyer = await confirmAsBuyer(sessionId);
    expect((await prompt(sessionId, buyer)).status).toBe(200);
    await deliver(stripe.refund(session?.payment_intent as string));
    expect(await prompt(sessionId, buyer)).toMatchObject({ status: 403, body: { message: purchaseMessages.refunded } });
    const account = await call(prompts, routes.getAccountPrompt, { appId: 'ai-customer-support', sessionId }, as(ann));
    expect(account).toEqual({ status: 403, body: { message: purchaseMessages.refunded } });
    expect((await call(purchases, routes.listAccountPurchases, undefined, as(ann))).body.purchases).toEqual(
      expect.arrayContaining([expect.objectContaining({ sessionId, status: 'refunded' })]),
    );
  });
});

describe('a purchase made signed out, added to the account', () => {
  it('from the browser that paid: then served to the account on any device, and to nobody else', async () => {
    const { sessionId, events } = await buy(appRequest);
    await deliver(events);
    const buyer = await confirmAsBuyer(sessionId);
    expect(await call(prompts, routes.getAccountPrompt, { appId: 'ai-customer-support', sessionId }, as(bob))).toEqual({ status: 403, body: { message: purchaseMessages.notInAccount } });
    const added = await callWithCookies(purchases, routes.addAccountPurchase, { sessionId }, { ...as(bob), cookies: [buyer] });
    expect(added).toMatchObject({ status: 200, body: { sessionId, status: 'paid' } });
    expect((await findPurchase(sessionId))?.userId).toBe(bob.sub);
    // Another device (no cookie), signed in:
    const onLaptop = await call(prompts, routes.getAccountPrompt, { appId: 'ai-customer-support', sessionId }, as(bob));
    expect(onLaptop.status).toBe(200);
    expect(await call(prompts, routes.getAccountPrompt, { appId: 'ai-customer-support', sessionId }, as(ann))).toEqual({ status: 403, body: { message: purchaseMessages.notInAccount } });
    // Once in an account it stays there.
    expect(await callWithCookies(purchases, routes.addAccountPurchase, { sessionId }, { ...as(ann), cookies: [buyer] })).toMatchObject({
      status: 422,
      body: { message: purchaseMessages.otherAccount },
    });
  });

  it('by the account whose verified e-mail paid, from a browser that never saw the purchase', async () => {
    const { sessionId } = await buy(appRequest, { email: ann.email.toUpperCase() });
    // Bob knows the id but neither paid in this browser nor with his e-mail.
    expect(await call(purchases, routes.addAccountPurchase, { sessionId }, as(bob))).toEqual({ status: 403, body: { message: purchaseMessages.otherBrowser } });
    expect(await call(purchases, routes.addAccountPurchase, { sessionId }, as(ann, annTokens))).toMatchObject({ status: 200, body: { sessionId } });
    expect((await findPurchase(sessionId))?.userId).toBe(ann.sub);
  });
});

describe('the billing portal', () => {
  it('opens Stripe’s portal for the subscriber’s own customer, returning to the profile; others get a clear 404', async () => {
    const { sessionId, events, session } = await buy(agentsRequest, { user: ann, tokens: annTokens });
    await deliver(events);
    const mine = await call(purchases, routes.listAccountPurchases, undefined, as(ann));
    expect(mine.body.canManageBilling).toBe(true);
    expect(mine.body.purchases).toEqual(expect.arrayContaining([expect.objectContaining({ sessionId, type: 'services', subscription: 'active' })]));
    stripe.requests.length = 0;
    const portal = await call(purchases, routes.openBillingPortal, { returnPath: '/profile' }, as(ann));
    expect(portal).toEqual({ status: 200, body: { url: expect.stringMatching(new RegExp(`^${stripe.url}/p/session/bps_\\w+$`)) as string } });
    expect(stripe.requests.map((r) => [r.path, r.params])).toEqual([['/v1/billing_portal/sessions', { customer: session?.customer, return_url: `${SITE}/profile` }]]);
    expect(await call(purchases, routes.openBillingPortal, { returnPath: '/profile' }, as(bob))).toEqual({ status: 404, body: { message: purchaseMessages.noBillingAccount } });
  });
});
