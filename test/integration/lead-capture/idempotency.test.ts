/**
 * The idempotency key of a submission through the local API, as the IETF Idempotency-Key draft and Stripe's
 * API use one: the same key with the same body answers the original result and stores one submission; the
 * same key with a different body (an edit sent under a stale key) is answered 422 with a clear message and
 * changes nothing, so an edit is never silently dropped as a "repeat". Fifty identical requests at once store
 * one submission, send one mail, and all get a 2xx with the same id.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { post } from '../../helpers/local-api';
import { attemptedSubmission, storedSubmission, submissionMails } from '../../helpers/submissions';
import { attachmentFolder } from '../../../lambdas/domain/submissions/attachments';
import { webhookCalls } from '../../helpers/webhook-inbox';
import { validIdea } from '../idea-hub/support';
import { objectKeys, pdfBytes, runToken, upload, validContact, validDemo, waitFor } from './support';

const keyReused = 'This idempotency key was already used with a different submission.';
const settle = () => new Promise((r) => setTimeout(r, 500));

describe('an idempotency key sent again with the same body', () => {
  it('answers the original id and keeps one submission and one mail', async () => {
    const id = randomUUID();
    const message = validContact(runToken());
    expect(await post('/api/contact-messages', message, { headers: { 'idempotency-key': id } })).toEqual({ status: 201, body: { id } });
    await waitFor(() => submissionMails(id), (m) => m.length > 0);
    const stored = await attemptedSubmission(id);
    // The same fields in another order and with an empty honeypot are the same submission.
    const reordered = { ...Object.fromEntries(Object.entries(message).reverse()), website: '' };
    expect(await post('/api/contact-messages', reordered, { headers: { 'idempotency-key': id } })).toEqual({ status: 200, body: { id } });
    expect(await storedSubmission(id)).toEqual(stored);
    await settle();
    expect(await submissionMails(id)).toHaveLength(1);
  });
});

describe('an idempotency key sent again with a different body', () => {
  it('is answered 422 for a demo request, and its record, files and mail stay as they were', async () => {
    const id = randomUUID();
    const demo = { ...validDemo(runToken()), files: await upload([{ name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(2000) }]) };
    expect((await post('/api/demo-requests', demo, { headers: { 'idempotency-key': id } })).status).toBe(201);
    await waitFor(() => submissionMails(id), (m) => m.length > 0);
    const stored = await attemptedSubmission(id);
    const files = await objectKeys(`attachments/${id}/`);

    const edited = {
      ...demo,
      message: 'Edited: we would rather start with customer support and add sales later.',
      files: await upload([{ name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(3000) }]),
    };
    const answer = await post('/api/demo-requests', edited, { headers: { 'idempotency-key': id } });
    expect(answer).toEqual({ status: 422, body: { message: keyReused, fieldErrors: { idempotencyKey: [keyReused] } } });
    expect(await storedSubmission(id)).toEqual(stored);
    expect(await objectKeys(`attachments/${id}/`)).toEqual(files);
    await settle();
    expect(await submissionMails(id)).toHaveLength(1);
  });

  it('is answered 422 for a contact message, and nothing changes', async () => {
    const id = randomUUID();
    const message = validContact(runToken());
    expect((await post('/api/contact-messages', message, { headers: { 'idempotency-key': id } })).status).toBe(201);
    await waitFor(() => submissionMails(id), (m) => m.length > 0);
    const stored = await attemptedSubmission(id);
    const answer = await post('/api/contact-messages', { ...message, newsletter: !message.newsletter }, { headers: { 'idempotency-key': id } });
    expect(answer).toEqual({ status: 422, body: { message: keyReused, fieldErrors: { idempotencyKey: [keyReused] } } });
    expect(await storedSubmission(id)).toEqual(stored);
    await settle();
    expect(await submissionMails(id)).toHaveLength(1);
  });

  it('is answered 422 for an idea, and no webhook or mail gets the edit', async () => {
    const id = randomUUID();
    const since = Date.now();
    const idea = validIdea(runToken());
    expect((await post('/api/ideas', idea, { headers: { 'idempotency-key': id } })).status).toBe(201);
    await waitFor(() => submissionMails(id), (m) => m.length > 0);
    const stored = await attemptedSubmission(id);
    const ours = async () => (await webhookCalls({ since })).filter((c) => (c.headers['idempotency-key'] ?? '').startsWith(id));
    const delivered = await waitFor(ours, (calls) => calls.length >= 2);
    expect(delivered).toHaveLength(2);

    const answer = await post('/api/ideas', { ...idea, title: 'Edited title' }, { headers: { 'idempotency-key': id } });
    expect(answer).toEqual({ status: 422, body: { message: keyReused, fieldErrors: { idempotencyKey: [keyReused] } } });
    expect(await storedSubmission(id)).toEqual(stored);
    await settle();
    expect(await ours()).toHaveLength(2);
    expect(JSON.stringify(await ours())).not.toContain('Edited title');
    expect(await submissionMails(id)).toHaveLength(1);
  });
});

describe('requests under one idempotency key at the same time', () => {
  it('fifty with the same body store one submission and send one mail, and all answer 2xx with the same id', async () => {
    const id = randomUUID();
    const demo = { ...validDemo(runToken()), files: await upload([{ name: 'notes.txt', type: 'text/plain', content: new TextEncoder().encode('Call after 3pm.') }]) };
    const answers = await Promise.all(Array.from({ length: 50 }, () => post('/api/demo-requests', demo, { headers: { 'idempotency-key': id } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(49);
    expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([id]));
    const stored = await storedSubmission(id);
    expect(stored).toMatchObject({ id, kind: 'demoRequest', files: [expect.objectContaining({ key: `${attachmentFolder(id, String(stored?.fingerprint))}1-notes.txt` })] });
    await waitFor(() => submissionMails(id), (m) => m.length > 0);
    await settle();
    expect(await submissionMails(id)).toHaveLength(1);
  });

  it('with two different bodies store the first to arrive: its requests answer 2xx, the others 422, none 201 twice', async () => {
    const id = randomUUID();
    const token = runToken();
    const a = validContact(token);
    const b = { ...a, subject: `Edited subject ${token}` };
    const sent = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b));
    const answers = await Promise.all(sent.map((body) => post('/api/contact-messages', body, { headers: { 'idempotency-key': id } })));
    const stored = (await storedSubmission(id)) as { data: { subject: string } };
    const winner = stored.data.subject === a.subject ? a : b;
    expect(answers.filter((x) => x.status === 201)).toHaveLength(1);
    const expected = sent.map((body) => (body === winner ? 'the stored id' : keyReused));
    const got = answers.map((x) => (x.status === 200 || x.status === 201) && x.body.id === id ? 'the stored id' : x.status === 422 ? x.body.message : `${x.status}`);
    expect(got).toEqual(expected);
    await waitFor(() => submissionMails(id), (m) => m.length > 0);
    await settle();
    const mails = await submissionMails(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(winner.subject);
  });
});
