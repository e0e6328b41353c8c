/**
 * Sending on from the staff console, through the delivery engine: "Send again" after the target recovered lands
 * once however often and however many staff press it, and the retry job does not send it again; "Send to webhook"
 * (the spec's webhook helper) sends a stored submission's data and files, signed, and answers the receiver's
 * answer. And the visitor's confirmation mail: one per address per day, with none of the visitor's own text.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import type { SubmissionView, WebhookSendAnswer } from '@shared/contract/staff-console';
import { verifyWebhookSignature } from '../../../lambdas/domain/submissions/webhook-signature';
import { MAX_ATTEMPTS } from '../../../lambdas/domain/submissions/record';
import { handler as mailFeedback } from '../../../lambdas/handlers/mail-feedback';
import { lambdaContext } from '../../helpers/http-event';
import { localStack } from '../../helpers/local-stack';
import { post } from '../../helpers/local-api';
import { listMails, mailText } from '../../helpers/mailbox';
import { storedSubmission } from '../../helpers/submissions';
import { callStaff, createStaffMember, type StaffMember } from '../../helpers/staff';
import { failHook, restoreAllHooks, webhookCalls } from '../../helpers/webhook-inbox';
import { runToken } from '../lead-capture/support';
import { patchSubmission, pdf, submitContact, submitDemo, submitIdea } from './support';

const run = runToken();
let staff: StaffMember;
const asStaff = () => ({ token: staff.tokens.accessToken });
/** The delivery's count of presses taken, as the console's screen of the submission shows it now. */
const seen = async (id: string, target: string) => (((await storedSubmission(id))?.deliveries ?? {}) as Record<string, { sentAgain?: number }>)[target]?.sentAgain ?? 0;
/** "Send again" pressed on a screen showing `sentAgain` (default: the submission as it is now). */
const sendAgain = async (id: string, target: string, sentAgain?: number, token = staff.tokens.accessToken) =>
  callStaff<SubmissionView>(routes.sendDeliveryAgain, { id, target, sentAgain: sentAgain ?? (await seen(id, target)) }, { token });
const delivered = async (hook: string, id: string, since: number) =>
  (await webhookCalls({ name: hook, since })).filter((c) => c.status === 200 && c.headers['idempotency-key']?.startsWith(id));

beforeAll(async () => {
  staff = await createStaffMember();
});
afterEach(async () => restoreAllHooks());

describe('Send again', () => {
  it('after the prod webhook recovered, lands once, though pressed twice at once and again by a colleague', async () => {
    const since = Date.now();
    await failHook('prod', 503);
    const id = await submitIdea({ fullName: `Ida Prod ${run}`, email: `ida-${run}@example.com` });
    expect((await storedSubmission(id))?.deliveries).toMatchObject({ 'webhook:prod': { state: 'pending', attempts: 1, lastError: 'The prod webhook answered 503' } });
    await restoreAllHooks();
    const colleague = await createStaffMember({ prefix: 'colleague' });
    const shown = await seen(id, 'webhook:prod');
    const answers = await Promise.all([sendAgain(id, 'webhook:prod', shown), sendAgain(id, 'webhook:prod', shown), sendAgain(id, 'webhook:prod', shown, colleague.tokens.accessToken)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(2);
    expect(answers.find((a) => a.status === 422)?.body.message).toMatch(/being sent right now|changed this submission at the same moment/);
    const done = answers.find((a) => a.status === 200)!.body as SubmissionView;
    expect(done.deliveries.find((d) => d.target === 'webhook:prod')).toMatchObject({ state: 'sent', attempts: 2 });
    // The retry job (every 2 s here) finds nothing left to send.
    await new Promise((r) => setTimeout(r, 4500));
    expect(await delivered('prod', id, since)).toHaveLength(1);
    expect(done.history.at(-1)).toMatchObject({ action: 'sendAgain', target: 'webhook:prod', by: staff.email });
  });

  it('sends a delivery that failed after its last retry, and a delivered one again with a new idempotency key', async () => {
    const since = Date.now();
    const id = await submitIdea({ fullName: `Fay Failed ${run}`, email: `fay-${run}@example.com` });
    await patchSubmission(id, {
      deliveries: { ...((await storedSubmission(id))?.deliveries as object), 'webhook:test': { state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'The test webhook answered 503', failedAt: new Date().toISOString() } },
      deliveryState: 'failed',
    });
    const again = await sendAgain(id, 'webhook:test');
    expect(again.status).toBe(200);
    expect(again.body.deliveries.find((d) => d.target === 'webhook:test')).toMatchObject({ state: 'sent', attempts: 1, round: 0 });
    expect((await storedSubmission(id))?.deliveryState).toBe('sent');
    const third = await sendAgain(id, 'webhook:test');
    expect(third.body.deliveries.find((d) => d.target === 'webhook:test')).toMatchObject({ state: 'sent', round: 1 });
    const keys = (await delivered('test', id, since)).map((c) => c.headers['idempotency-key']);
    expect(keys).toEqual([`${id}:webhook:test`, `${id}:webhook:test`, `${id}:webhook:test:1`]);
  });

  it('sends the support mail again to both recipients', async () => {
    const id = await submitContact({ name: `Mo Mail ${run}`, email: `mo-${run}@example.com` });
    // The mailbox keeps whole seconds: start counting in the next one.
    await new Promise((r) => setTimeout(r, 1100));
    const since = Date.now();
    const { status, body } = await sendAgain(id, 'mail');
    expect(status).toBe(200);
    expect(body.deliveries.find((d) => d.target === 'mail')).toMatchObject({ state: 'sent', round: 1, recipients: localStack().env.MAIL_TO?.split(',') });
    const mails = (await listMails({ since })).filter((m) => mailText(m).includes(`Submission id: ${id}`));
    expect(mails).toHaveLength(1);
  });

  it('two staff pressing it on the same screen send once, in each of 20 runs: at once, or one just after the other’s round finished', async () => {
    const colleague = await createStaffMember({ prefix: 'colleague' });
    const id = await submitContact({ name: `Two Presses ${run}`, email: `two-${run}@example.com` });
    const supportMails = async () => (await listMails()).filter((m) => mailText(m).includes(`Submission id: ${id}`) && !m.destination.to.includes(`two-${run}@example.com`)).length;
    const before = await supportMails();
    for (let i = 0; i < 20; i++) {
      // Both screens show the submission as it is now; the presses come within milliseconds, or the second right
      // after the first one's round is over (the lease released, the mail sent): the case that sent twice.
      const shown = await seen(id, 'mail');
      const press = (token: string) => sendAgain(id, 'mail', shown, token);
      const answers = i % 2 === 0 ? await Promise.all([press(staff.tokens.accessToken), press(colleague.tokens.accessToken)]) : [await press(staff.tokens.accessToken), await press(colleague.tokens.accessToken)];
      expect(answers.map((a) => a.status).sort(), `run ${i + 1}`).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)?.body.message, `run ${i + 1}`).toMatch(/changed this submission at the same moment|being sent right now/);
    }
    await expect.poll(supportMails).toBe(before + 20);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await supportMails()).toBe(before + 20);
  }, 120_000);
});

describe('Send to webhook (the spec\u2019s helper, for staff)', () => {
  it('sends a demo request and its file to the test webhook by default, signed, and answers the receiver\u2019s answer', async () => {
    const since = Date.now();
    const id = await submitDemo({ name: `Wes Hook ${run}`, email: `wes-${run}@example.com` }, [pdf(run)]);
    const { status, body } = await callStaff<WebhookSendAnswer>(routes.sendToWebhook, { id }, asStaff());
    expect(status).toBe(200);
    expect(body).toMatchObject({ webhookType: 'test', response: '{"ok":true}' });
    const [call] = await delivered('test', id, since);
    const envelope = JSON.parse(call!.body) as { webhookType: string; data: { name: string }; files: { name: string; type: string; size: number; data: string }[] };
    expect(envelope.webhookType).toBe('test');
    expect(envelope.data.name).toBe(`Wes Hook ${run}`);
    expect(envelope.files.map((f) => ({ name: f.name, type: f.type, text: Buffer.from(f.data, 'base64').toString() }))).toEqual([{ name: 'brief.pdf', type: 'application/pdf', text: `%PDF-1.7\n${run}\n` }]);
    const signed = verifyWebhookSignature(localStack().env.WEBHOOK_SIGNING_SECRET as string, {
      timestamp: Number(call!.headers['x-signature-timestamp']),
      idempotencyKey: call!.headers['idempotency-key'] as string,
      body: call!.body,
      signature: call!.headers['x-signature'] as string,
    });
    expect(signed).toBe(true);
    expect(body.submission.deliveries.map((d) => d.target)).toEqual(['mail', 'confirmation', 'webhook:test', 'reminder:20h', 'reminder:24h']);
    expect(body.submission.history.at(-1)).toMatchObject({ action: 'sendToWebhook', target: 'webhook:test', by: staff.email });
  });

  it('sends to prod when asked; a receiver that fails is an error with its message, and the delivery is retried', async () => {
    const id = await submitContact({ name: `Pat Prod ${run}`, email: `pat-${run}@example.com` });
    await failHook('prod', 503);
    const failed = await callStaff<WebhookSendAnswer>(routes.sendToWebhook, { id, webhookType: 'prod' }, asStaff());
    expect({ status: failed.status, message: failed.body.message }).toEqual({ status: 502, message: 'The prod webhook answered 503. It will be tried again.' });
    expect(await storedSubmission(id)).toMatchObject({ retryQueue: 'pending', deliveries: { 'webhook:prod': { state: 'pending', attempts: 1 } } });
  });
});

describe("the visitor's confirmation mail", () => {
  it('quotes the reference and the 24-hour promise, and none of what the visitor typed', async () => {
    const since = Date.now() - 500;
    const email = `conf-${run}@example.com`;
    const id = await submitDemo({ name: `Spam http://spam.example ${run}`, email, company: `Buy pills ${run}`, message: `Visit http://spam.example now ${run}` });
    const view = await callStaff<SubmissionView>(routes.getSubmission, { id }, asStaff());
    const mails = await listMails({ to: email, since });
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const everything = `${mail.subject}\n${mail.body.text}\n${mail.body.html}`;
    expect(mail.subject).toBe(`We received your demo request (reference ${view.body.reference})`);
    expect(mail.body.text).toContain('we reply within 24 hours');
    expect(everything).not.toContain(run);
    expect(everything).not.toContain('spam.example');
    expect(view.body.deliveries.find((d) => d.target === 'confirmation')).toMatchObject({ state: 'sent', recipients: [email] });
  });

  it('goes once per address per day: a second submission the same day records it as not needed', async () => {
    const email = `twice-${run}@example.com`;
    const since = Date.now() - 500;
    await submitContact({ name: `Tia Twice ${run}`, email });
    const second = await submitContact({ name: `Tia Twice ${run}`, email: email.toUpperCase() });
    expect(await listMails({ to: email, since })).toHaveLength(1);
    expect((await storedSubmission(second))?.deliveries).toMatchObject({ confirmation: { state: 'skipped', reason: 'A confirmation already went to this address today.' }, mail: { state: 'sent' } });
  });

  it('plus-tag and Gmail-dot variants of one address get one confirmation a day, sent to the address as typed', async () => {
    const rest = run.replace(/[^a-z0-9]/gi, '').toLowerCase();
    const typed = `tia.${rest}@gmail.com`;
    const since = Date.now() - 500;
    const first = await submitContact({ name: `Tia Variants ${run}`, email: typed });
    const later = [];
    for (const email of [`tia${rest}+leads@googlemail.com`, `T.I.A.${rest.toUpperCase()}+x@Gmail.com`]) later.push(await submitContact({ name: `Tia Variants ${run}`, email }));
    expect((await storedSubmission(first))?.deliveries).toMatchObject({ confirmation: { state: 'sent' } });
    for (const id of later) expect((await storedSubmission(id))?.deliveries).toMatchObject({ confirmation: { state: 'skipped', reason: 'A confirmation already went to this address today.' }, mail: { state: 'sent' } });
    const sent = (await listMails({ since })).filter((m) => m.subject.startsWith('We received your') && m.destination.to.some((to) => to.toLowerCase().includes(rest) && /mail\.com$/i.test(to)));
    expect(sent.map((m) => m.destination.to)).toEqual([[typed]]);
  });

  it('never goes to an address SES reported as bouncing (its event recorded by the mailFeedback function); the staff still get the message', async () => {
    const email = `gone-${run}@example.com`;
    const since = Date.now() - 500;
    const bounce = { eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: email.toUpperCase() }] }, mail: { destination: [email] } };
    const fed = await mailFeedback({ Records: [{ EventSource: 'aws:sns', Sns: { MessageId: run, Message: JSON.stringify(bounce) } }] } as never, lambdaContext as never);
    expect(fed).toEqual({ suppressed: 1 });
    const id = await submitContact({ name: `Gus Gone ${run}`, email });
    expect((await storedSubmission(id))?.deliveries).toMatchObject({ confirmation: { state: 'skipped', reason: 'This address bounced before: no more mail goes to it.' }, mail: { state: 'sent' } });
    expect(await listMails({ to: email, since })).toEqual([]);
  });

  it('never goes for a honeypot hit (nothing is stored)', async () => {
    const email = `bot-${run}@example.com`;
    const since = Date.now() - 500;
    const answer = await post('/api/contact-messages', {
      name: 'Bot',
      email,
      phone: '(555) 987-6543',
      company: 'Botnet',
      industry: 'retail',
      teamSize: '51-200',
      subject: 'Cheap pills',
      message: 'Buy cheap pills at our store, best prices online.',
      newsletter: false,
      website: 'http://spam.example',
    });
    expect(answer.status).toBe(201);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await listMails({ to: email, since })).toEqual([]);
  });
});
