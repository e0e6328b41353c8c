/**
 * Accepted submissions reach the support staff: stored first, then one mail to both recipients with every
 * field, the demo's files attached (or linked when too large), replying to the visitor. A repeated submission
 * id stores one submission.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fetchPastThrottle, post } from '../../helpers/local-api';
import { attemptedSubmission, storedSubmission, submissionMails } from '../../helpers/submissions';
import { attachmentFolder } from '../../../lambdas/domain/submissions/attachments';
import { objectKeys, siteOrigin, pdfBytes, pngBytes, runToken, supportRecipients, upload, validContact, validDemo, waitFor } from './support';

const MB = 1024 * 1024;

describe('a valid demo request', () => {
  it('is stored with its two files and mailed once to both recipients with every field and the attachments', async () => {
    const token = runToken();
    const keys = await upload([
      { name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(3000) },
      { name: 'org chart.png', type: 'image/png', content: pngBytes(1500) },
    ]);
    const id = randomUUID();
    const demo = { ...validDemo(token), files: keys };
    const answer = await post('/api/demo-requests', demo, { headers: { 'idempotency-key': id } });
    expect(answer).toEqual({ status: 201, body: { id, bookingToken: expect.any(String) } });

    // Answered once stored; the delivery function mails it right after.
    const stored = await attemptedSubmission(id);
    expect(stored).toMatchObject({ kind: 'demoRequest', data: validDemo(token), deliveries: { mail: { state: 'sent', attempts: 1 } } });
    const folder = attachmentFolder(id, String(stored?.fingerprint));
    expect(await objectKeys(`attachments/${id}/`)).toEqual([`${folder}1-brief.pdf`, `${folder}2-org chart.png`]);

    const [mail, ...more] = await waitFor(() => submissionMails(id), (m) => m.length > 0);
    expect(more).toEqual([]);
    expect(mail!.destination.to).toEqual(supportRecipients);
    expect(supportRecipients).toHaveLength(2);
    expect(mail!.replyTo).toEqual(['ann.lee@example.com']);
    expect(mail!.subject).toBe(`Demo request from Ann Lee ${token} (Acme ${token})`);
    for (const line of [
      `Name: Ann Lee ${token}`,
      'Email: ann.lee@example.com',
      'Phone: +1 555 123 4567',
      `Company: Acme ${token}`,
      'Job title: Head of Sales',
      'Team size: 11-50',
      'Areas of interest: SDR/Lead Qualification, Customer Support',
      'Preferred meeting time: Afternoon (1 PM - 5 PM EST)',
      'Message: We get 300 inbound leads a week',
      'Accepted the terms: Yes',
    ]) {
      expect(mail!.body.text).toContain(line);
    }
    expect(mail!.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['brief.pdf', 'application/pdf', 3000],
      ['org chart.png', 'image/png', 1500],
    ]);
    expect(Buffer.from(mail!.attachments[0]!.content, 'base64').subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('links the files that do not fit in the mail, through links that open the file', async () => {
    const keys = await upload([
      { name: 'deck.pdf', type: 'application/pdf', content: pdfBytes(6 * MB) },
      { name: 'appendix.pdf', type: 'application/pdf', content: pdfBytes(2 * MB) },
    ]);
    const id = randomUUID();
    expect((await post('/api/demo-requests', { ...validDemo(runToken()), files: keys }, { headers: { 'idempotency-key': id } })).status).toBe(201);
    const [mail] = await waitFor(() => submissionMails(id), (m) => m.length > 0);
    expect(mail!.attachments.map((a) => a.filename)).toEqual(['deck.pdf']);
    const link = /appendix\.pdf \(2\.0 MB, too large to attach; link valid 7 days\): (\S+)/.exec(mail!.body.text ?? '')?.[1];
    // The link goes through the site (a presigned S3 URL would die with the Lambda's credentials within hours).
    const folder = attachmentFolder(id, String((await storedSubmission(id))?.fingerprint));
    expect(link).toBe(`${siteOrigin()}/api/attachments?key=${encodeURIComponent(`${folder}2-appendix.pdf`)}`);
    expect(mail!.body.html).toContain(`<a href="${link!.replace(/&/g, '&amp;')}">appendix.pdf</a>`);

    const redirect = await fetchPastThrottle(link!, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location')!);
    expect(Number(target.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const download = await fetch(target);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('appendix.pdf');
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(2 * MB);
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('%PDF');
  });

  it('answers 404 for a link to a file no submission lists, and 400 for anything that is not an attachment key', async () => {
    const unknown = `attachments/${randomUUID()}/1-brief.pdf`;
    expect((await fetchPastThrottle(`${siteOrigin()}/api/attachments?key=${encodeURIComponent(unknown)}`, { redirect: 'manual' })).status).toBe(404);
    for (const key of ['incoming/x/brief.pdf', '../../etc/passwd', '']) {
      expect((await fetchPastThrottle(`${siteOrigin()}/api/attachments?key=${encodeURIComponent(key)}`, { redirect: 'manual' })).status).toBe(400);
    }
    expect((await fetchPastThrottle(`${siteOrigin()}/api/attachments`, { redirect: 'manual' })).status).toBe(400);
  });

  it('stores one submission and sends one mail when the same submission is sent twice at once', async () => {
    const keys = await upload([{ name: 'notes.txt', type: 'text/plain', content: new TextEncoder().encode('Call me after 3pm.') }]);
    const id = randomUUID();
    const demo = { ...validDemo(runToken()), files: keys };
    const answers = await Promise.all([1, 2].map(() => post('/api/demo-requests', demo, { headers: { 'idempotency-key': id } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers.map((a) => a.body.id)).toEqual([id, id]);
    // And once more later, as a network retry would.
    expect(await post('/api/demo-requests', demo, { headers: { 'idempotency-key': id } })).toEqual({ status: 200, body: { id, bookingToken: expect.any(String) } });
    // Stored once (version 1), then leased (2) and its outcome written (3) by one delivery function only.
    expect(await attemptedSubmission(id)).toMatchObject({ id, version: 3 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await submissionMails(id)).toHaveLength(1);
  });

  it('answers a submission sent without an idempotency key with a fresh id', async () => {
    const first = await post('/api/demo-requests', validDemo(runToken()));
    expect(first.status).toBe(201);
    expect(first.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedSubmission(first.body.id!)).toMatchObject({ kind: 'demoRequest' });
  });
});

describe('a valid contact message', () => {
  it('is stored and mailed once to both recipients with every field', async () => {
    const token = runToken();
    const id = randomUUID();
    const answer = await post('/api/contact-messages', validContact(token), { headers: { 'idempotency-key': id } });
    expect(answer).toEqual({ status: 201, body: { id } });
    expect(await attemptedSubmission(id)).toMatchObject({ kind: 'contactMessage', files: [], deliveries: { mail: { state: 'sent' } } });
    const [mail, ...more] = await waitFor(() => submissionMails(id), (m) => m.length > 0);
    expect(more).toEqual([]);
    expect(mail!.destination.to).toEqual(supportRecipients);
    expect(mail!.replyTo).toEqual(['bo.chen@example.com']);
    expect(mail!.subject).toBe(`Contact message from Bo Chen ${token}: Pricing question ${token}`);
    for (const line of [
      `Name: Bo Chen ${token}`,
      'Email: bo.chen@example.com',
      'Phone: (555) 987-6543',
      `Company: Initech ${token}`,
      'Industry: Retail',
      'Team size: 51-200',
      `Subject: Pricing question ${token}`,
      'Message: How much would a customer support agent cost',
      'Newsletter: Yes',
    ]) {
      expect(mail!.body.text).toContain(line);
    }
    expect(mail!.attachments).toEqual([]);
  });

  it('stores one submission when sent twice', async () => {
    const id = randomUUID();
    const message = validContact(runToken());
    expect((await post('/api/contact-messages', message, { headers: { 'idempotency-key': id } })).status).toBe(201);
    expect(await post('/api/contact-messages', message, { headers: { 'idempotency-key': id } })).toEqual({ status: 200, body: { id } });
    // The same id on the other form is refused rather than answered as if it were that form's.
    expect((await post('/api/demo-requests', validDemo(runToken()), { headers: { 'idempotency-key': id } })).status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(await submissionMails(id)).toHaveLength(1);
  });
});
