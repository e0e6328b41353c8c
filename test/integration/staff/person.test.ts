/**
 * "What do you hold about me, and please delete it": everything held under one address (submissions of two
 * kinds with their files, an account and its profile, purchases paid with the address or in the account, and
 * those purchases' sale notices) found, exported as one JSON file, and erased on confirmation, after which nothing
 * of it is left in the table, the bucket, Cognito, the purchases or a later export, and an audit entry says what
 * was erased without the data. Purchases are bookkeeping records: they stay, without the e-mail, and still serve
 * the account they are in. Their sale notices stay too, without the e-mail, so that Stripe's replay of the event
 * finds its notice stored and neither stores nor mails it again.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/contract/api';
import { tableEnvName } from '@shared/deployment/manifest';
import { findPurchase } from '../../../lambdas/data/purchases';
import { handler as prompts } from '../../../lambdas/handlers/prompts';
import { handler as purchasesHandler } from '../../../lambdas/handlers/purchases';
import { handler as stripeWebhook } from '../../../lambdas/handlers/stripe-webhook';
import type { DownloadAnswer, ErasureAnswer, InboxPage, PersonView } from '@shared/contract/staff-console';
import { cognitoClient, createConfirmedUser, signIn, uniqueEmail, type TestUser } from '../../helpers/cognito';
import { call } from '../../helpers/http-event';
import { localStack, sdkConfig } from '../../helpers/local-stack';
import { completed, paidSession } from '../../helpers/stripe-objects';
import { attemptedSubmission, storedSubmission } from '../../helpers/submissions';
import { callStaff, createStaffMember, type StaffMember } from '../../helpers/staff';
import { runToken } from '../lead-capture/support';
import { objectKeys, objectText, pdf, submitDemo, submitIdea } from './support';

const stack = localStack();
const docs = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }));
const run = runToken();
const email = `erase-me-${run}@example.com`;
let staff: StaffMember;
let account: TestUser;
let ids: string[];
let uploads: string[];
let buyer: TestUser;
const asStaff = () => ({ token: staff.tokens.accessToken });

// Stripe's ids are not the person's data (they stay on the kept purchase and in the audit entry): their own token.
const sale = runToken();
// Paid with the address (as the buyer typed it on Stripe's page) while signed in to another account.
const paidWithAddress = `cs_test_paid${sale}`;
// In the person's account, paid with another address of theirs.
const inTheAccount = `cs_test_account${sale}`;
/** Stripe's completion event of the session, as its webhook sends it: the purchase and its sale notice are stored. */
const completion = (sessionId: string, customerEmail: string, userId: string) =>
  completed(paidSession({ id: sessionId, appId: 'ai-customer-support', email: customerEmail, userId, overrides: { payment_intent: `pi_${sale}` } }));
let events: ReturnType<typeof completion>[];
const noticeIds = [`sale-${paidWithAddress}`, `sale-${inTheAccount}`];
const WEBHOOK_SECRET = 'whsec_test_person_erasure';
const savedSecret = process.env.STRIPE_WEBHOOK_SECRET;

async function stripeSends(event: ReturnType<typeof completion>): Promise<string> {
  const payload = JSON.stringify(event);
  const res = await call(stripeWebhook, routes.stripeWebhook, payload, { headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.outcome);
}

afterAll(() => {
  if (savedSecret === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
  else process.env.STRIPE_WEBHOOK_SECRET = savedSecret;
});

beforeAll(async () => {
  staff = await createStaffMember();
  account = await createConfirmedUser({ email, username: `erase_${run}` });
  ids = [
    await submitDemo({ name: `Eve Erase ${run}`, email }, [pdf(`demo ${run}`)]),
    await submitIdea({ fullName: `Eve Erase ${run}`, email: email.toUpperCase() }, [{ name: 'users.csv', type: 'text/csv', content: new TextEncoder().encode(`name\n${run}\n`) }]),
  ];
  uploads = (await Promise.all(ids.map(storedSubmission))).flatMap((r) => ((r?.files ?? []) as { uploadKey: string }[]).map((f) => f.uploadKey));
  buyer = await createConfirmedUser({ email: uniqueEmail('buyer') });
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  events = [completion(paidWithAddress, `Erase-Me-${run}@Example.com`, buyer.sub), completion(inTheAccount, `other-${run}@example.com`, account.sub)];
  for (const event of events) {
    const outcome = await stripeSends(event);
    if (outcome !== 'recorded') throw new Error(`the webhook answered ${outcome} for a new sale`);
  }
  // Their mails sent, so that nothing but this test writes the notices from here on.
  for (const id of noticeIds) await attemptedSubmission(id);
});

async function purchasesTable(): Promise<string> {
  const items: unknown[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await docs.send(new ScanCommand({ TableName: stack.env[tableEnvName('purchases')], ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return JSON.stringify(items).toLowerCase();
}

async function everythingInTheBucket(): Promise<string> {
  const keys = await objectKeys('');
  return (await Promise.all(keys.map(async (k) => `${k}\n${await objectText(k)}`))).join('\n');
}

describe("a person's data", () => {
  it('is found by address: the submissions and files, the account and its profile', async () => {
    const { status, body } = await callStaff<PersonView>(routes.findPerson, { email }, asStaff());
    expect(status).toBe(200);
    expect(body.submissions.map((s) => s.id)).toEqual(ids);
    expect(body).toMatchObject({ attachments: 2, account: { id: account.sub, confirmed: true, username: `erase_${run}` }, profile: { username: `erase_${run}` } });
  });

  it('lists their purchases, paid with the address (any case) or in their account, newest first', async () => {
    const { body } = await callStaff<PersonView>(routes.findPerson, { email }, asStaff());
    expect(body.purchases.map((p) => [p.sessionId, p.appName, p.amountTotal, p.status])).toEqual([
      [inTheAccount, 'AI Customer Support Bot', 4999, 'paid'],
      [paidWithAddress, 'AI Customer Support Bot', 4999, 'paid'],
    ]);
  });

  it("lists those purchases' sale notices, which hold the address each was paid with, oldest first", async () => {
    const { body } = await callStaff<PersonView>(routes.findPerson, { email }, asStaff());
    expect(body.notices.map((n) => [n.id, n.event, n.appName, n.erasedAt])).toEqual([
      [`sale-${paidWithAddress}`, 'sale', 'AI Customer Support Bot', undefined],
      [`sale-${inTheAccount}`, 'sale', 'AI Customer Support Bot', undefined],
    ]);
  });

  it('is exported as one JSON file: every field, the files themselves, the account and the profile', async () => {
    const { status, body } = await callStaff<DownloadAnswer>(routes.exportPerson, { email }, asStaff());
    expect(status).toBe(200);
    const file = await fetch(body.url);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    const data = (await file.json()) as {
      email: string;
      account: { id: string };
      profile: { username: string };
      submissions: { id: string; data: Record<string, unknown>; fields: { label: string; value: string }[] }[];
      files: { submissionId: string; name: string; data: string }[];
      purchases: { sessionId: string; customerEmail: string; amountTotal: number; paymentIntentId: string }[];
      notices: { id: string; data: { customerEmail: string }; deliveries: { mail: { state: string } } }[];
    };
    expect(data.email).toBe(email);
    expect(data.account.id).toBe(account.sub);
    expect(data.profile.username).toBe(`erase_${run}`);
    expect(data.submissions.map((s) => s.id)).toEqual(ids);
    expect(data.submissions[0]?.fields).toContainEqual({ label: 'Name', value: `Eve Erase ${run}` });
    expect(data.purchases.map((p) => [p.sessionId, p.customerEmail, p.amountTotal, p.paymentIntentId])).toEqual([
      [inTheAccount, `other-${run}@example.com`, 4999, `pi_${sale}`],
      [paidWithAddress, `Erase-Me-${run}@Example.com`, 4999, `pi_${sale}`],
    ]);
    expect(data.notices.map((n) => [n.id, n.data.customerEmail, n.deliveries.mail.state])).toEqual([
      [`sale-${paidWithAddress}`, `Erase-Me-${run}@Example.com`, 'sent'],
      [`sale-${inTheAccount}`, `other-${run}@example.com`, 'sent'],
    ]);
    expect(data.files.map((f) => [f.submissionId, f.name, Buffer.from(f.data, 'base64').toString()])).toEqual([
      [ids[0], 'brief.pdf', `%PDF-1.7\ndemo ${run}\n`],
      [ids[1], 'users.csv', `name\n${run}\n`],
    ]);
  });

  it('is not erased without the address typed again', async () => {
    const { status, body } = await callStaff(routes.erasePerson, { email, confirm: 'someone-else@example.com' }, asStaff());
    expect({ status, confirm: body.fieldErrors?.confirm }).toEqual({ status: 400, confirm: ['Type the e-mail address again to confirm the erasure.'] });
    expect(await storedSubmission(ids[0] as string)).toBeDefined();
  });

  it('is erased on confirmation: nothing is left in the table, the bucket, Cognito or a later export', async () => {
    expect(await everythingInTheBucket()).toContain(run);
    const { status, body } = await callStaff<ErasureAnswer>(routes.erasePerson, { email, confirm: email.toUpperCase() }, asStaff());
    expect(status).toBe(200);
    expect(body.erased).toMatchObject({ submissions: 2, attachments: 2, account: true, profile: true, purchasesPseudonymised: 2, noticesPseudonymised: 2 });
    // The support mailboxes, the webhooks, and Stripe's own records of the payments.
    expect(body.elsewhere).toHaveLength(3);

    for (const id of ids) expect(await storedSubmission(id)).toBeUndefined();
    for (const id of ids) expect(await objectKeys(`attachments/${id}/`)).toEqual([]);
    for (const key of uploads) expect(await objectKeys(key)).toEqual([]);
    // The record of each upload (its key holds the file's name, its claim the submission's id) goes too.
    for (const key of uploads) expect((await docs.send(new GetCommand({ TableName: stack.env[tableEnvName('uploadClaims')], Key: { uploadKey: key }, ConsistentRead: true }))).Item).toBeUndefined();
    expect(await everythingInTheBucket()).not.toContain(run);
    expect((await docs.send(new GetCommand({ TableName: stack.env[tableEnvName('profiles')], Key: { id: account.sub } }))).Item).toBeUndefined();
    const cognito = cognitoClient();
    await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }))).rejects.toThrow(/not exist/i);
    cognito.destroy();

    const found = await callStaff<PersonView>(routes.findPerson, { email }, asStaff());
    expect(found.body).toEqual({ email, submissions: [], attachments: 0, purchases: [], notices: [] });
    const inbox = await callStaff<InboxPage>(routes.listSubmissions, { q: run }, asStaff());
    expect(inbox.body.items).toEqual([]);
    const csv = await callStaff<DownloadAnswer>(routes.exportSubmissions, { q: email }, asStaff());
    expect(csv.body.rows).toBe(0);
    expect(await (await fetch(csv.body.url)).text()).not.toContain(run);
    // A later export of the address holds nothing but the address asked for.
    const json = await callStaff<DownloadAnswer>(routes.exportPerson, { email }, asStaff());
    expect(await (await fetch(json.body.url)).json()).toMatchObject({ email, account: null, profile: null, submissions: [], purchases: [], notices: [], files: [] });
  });

  it('keeps their purchases for the bookkeeping with the e-mail removed, still in the account that bought them; a replay of Stripe’s event does not bring the e-mail back', async () => {
    expect(await purchasesTable()).not.toContain(run);
    for (const sessionId of [paidWithAddress, inTheAccount]) {
      expect(await findPurchase(sessionId)).toMatchObject({ sessionId, appId: 'ai-customer-support', amountTotal: 4999, currency: 'usd', paymentIntentId: `pi_${sale}`, status: 'paid', customerEmail: null, erasedAt: expect.any(String) });
    }
    for (const event of events) expect(await stripeSends(event)).toBe('duplicate');
    expect(await purchasesTable()).not.toContain(run);
    expect((await callStaff<PersonView>(routes.findPerson, { email }, asStaff())).body.purchases).toEqual([]);

    // The purchase stays in the account that bought it: My purchases and Get prompt still work.
    const buyerTokens = await signIn(buyer.email, buyer.password);
    const asBuyer = { claims: { sub: buyer.sub }, headers: { authorization: `Bearer ${buyerTokens.accessToken}` } };
    const mine = await call(purchasesHandler, routes.listAccountPurchases, undefined, asBuyer);
    expect(mine.body.purchases).toEqual([expect.objectContaining({ sessionId: paidWithAddress, status: 'paid' })]);
    const prompt = await call(prompts, routes.getAccountPrompt, { appId: 'ai-customer-support', sessionId: paidWithAddress }, asBuyer);
    expect(prompt.status).toBe(200);
  });

  it('keeps their sale notices with the e-mail removed; a replay of Stripe’s event finds each stored, so it stores, mails and writes back nothing', async () => {
    const kept = await Promise.all(noticeIds.map(storedSubmission));
    for (const notice of kept) {
      expect(notice).toMatchObject({ kind: 'saleNotice', erasedAt: expect.any(String), data: { customerEmail: null, appName: 'AI Customer Support Bot', amount: 4999 }, deliveries: { mail: { state: 'sent' } } });
    }
    expect(JSON.stringify(kept).toLowerCase()).not.toMatch(new RegExp(`erase-me|other-${run}`));

    for (const event of events) expect(await stripeSends(event)).toBe('duplicate');
    // Not written at all (the same version, the same delivery): nothing stored again, handed off or mailed.
    expect(await Promise.all(noticeIds.map(storedSubmission))).toEqual(kept);
  });

  it('leaves an audit entry of what was erased, by whom, without the data', async () => {
    const entries = ((await docs.send(new ScanCommand({ TableName: stack.env[tableEnvName('staffAudit')] }))).Items ?? []) as Record<string, unknown>[];
    const entry = entries.find((e) => JSON.stringify(e.submissionIds) === JSON.stringify(ids));
    expect(entry).toMatchObject({
      action: 'erasure',
      outcome: 'complete',
      by: staff.email,
      counts: { submissions: 2, attachments: 2, account: true, profile: true, purchasesPseudonymised: 2, noticesPseudonymised: 2 },
      purchaseSessionIds: [inTheAccount, paidWithAddress],
    });
    expect(JSON.stringify(entry)).not.toContain(run);
    expect(JSON.stringify(entry).toLowerCase()).not.toContain('erase-me');
  });

  it('refuses to erase the staff member doing it (403)', async () => {
    const { status } = await callStaff(routes.erasePerson, { email: staff.email, confirm: staff.email }, asStaff());
    expect(status).toBe(403);
  });
});
