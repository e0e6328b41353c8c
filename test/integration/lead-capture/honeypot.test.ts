/**
 * A bot's submission (the hidden `website` field filled, shared/contract/schemas/honeypot.ts) through the local API, on
 * each of the three forms: answered exactly like a person's (201 and an id), so the bot learns nothing, while
 * nothing is stored, no upload is claimed, no mail is sent and no webhook is called.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { post } from '../../helpers/local-api';
import { storedSubmission, submissionMails } from '../../helpers/submissions';
import { webhookCalls } from '../../helpers/webhook-inbox';
import { uploadForIdea, validIdea, pdfFile } from '../idea-hub/support';
import { objectKeys, pdfBytes, runToken, upload, validContact, validDemo } from './support';

const website = 'https://cheap-followers.example';

/** Checks the bot's request left no trace under its id: no record, no claimed file, no mail, no webhook call. */
async function expectNothingKept(id: string, since: number) {
  // Long enough for a mail and webhook calls to arrive, had any been sent.
  await new Promise((r) => setTimeout(r, 800));
  expect(await storedSubmission(id)).toBeUndefined();
  expect(await objectKeys(`attachments/${id}/`)).toEqual([]);
  expect(await submissionMails(id)).toEqual([]);
  expect((await webhookCalls({ since })).filter((c) => (c.headers['idempotency-key'] ?? '').startsWith(id) || c.body.includes(website))).toEqual([]);
}

describe('a submission with the honeypot filled', () => {
  it('on the demo form is answered 201 { id, bookingToken } like a real one, and nothing is stored, claimed or mailed', async () => {
    const since = Date.now();
    const id = randomUUID();
    const files = await upload([{ name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(2000) }]);
    const answer = await post('/api/demo-requests', { ...validDemo(runToken()), files, website }, { headers: { 'idempotency-key': id } });
    // The booking token too, as a stored request gets it (it books nothing: no request is stored under the id).
    expect(answer).toEqual({ status: 201, body: { id, bookingToken: expect.any(String) } });
    await expectNothingKept(id, since);
  });

  it('on the contact form is answered 201 { id } like a real one, and nothing is stored or mailed', async () => {
    const since = Date.now();
    const id = randomUUID();
    const answer = await post('/api/contact-messages', { ...validContact(runToken()), website }, { headers: { 'idempotency-key': id } });
    expect(answer).toEqual({ status: 201, body: { id } });
    await expectNothingKept(id, since);
  });

  it('on the idea form is answered 201 { id } like a real one, and nothing is stored, claimed, mailed or sent to a webhook', async () => {
    const since = Date.now();
    const id = randomUUID();
    const files = await uploadForIdea([pdfFile('plan.pdf')]);
    const answer = await post('/api/ideas', { ...validIdea(runToken()), files, website }, { headers: { 'idempotency-key': id } });
    expect(answer).toEqual({ status: 201, body: { id } });
    await expectNothingKept(id, since);
  });

  it('without an idempotency key still gets a plausible fresh id', async () => {
    const answer = await post('/api/contact-messages', { ...validContact(runToken()), website });
    expect(answer.status).toBe(201);
    expect(answer.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await storedSubmission(answer.body.id!)).toBeUndefined();
  });

  it('left empty, as a person leaves it, does not stop a submission', async () => {
    const id = randomUUID();
    expect(await post('/api/contact-messages', { ...validContact(runToken()), website: '' }, { headers: { 'idempotency-key': id } })).toEqual({ status: 201, body: { id } });
    expect(await storedSubmission(id)).toMatchObject({ kind: 'contactMessage' });
  });
});
