import { describe, expect, it } from 'vitest';
import type { IdeaRecordData, IdeaRequest } from '@shared/contract/schemas/idea';
import { toUploadItem } from '../../../../../../lambdas/domain/submissions/webhook-envelope';
import { attachmentFolder } from '../../../../../../lambdas/domain/submissions/attachments';
import { acceptIdea, ideaDelivery, ideaMail, ideaUploadItems, ideaWebhookPayload } from '../../../../../../lambdas/domain/submissions/kinds/idea';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, type SubmissionRecord } from '../../../../../../lambdas/domain/submissions/record';
import { retryDueDeliveries } from '../../../../../../lambdas/domain/submissions/retry-job';
import type { WebhookType } from '../../../../../../lambdas/domain/submissions/ports';
import { RejectedInput } from '../../../../../../lambdas/domain/errors';
import { memoryFileStore, memorySubmissionDeps, memoryUploadClaims } from '../../../../../helpers/memory-submission-store';
import { idea, submissionRecord } from '../../../../../helpers/records';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xff, 0x00]);
const csv = new TextEncoder().encode('name,users\nplanner,12\n');

/** The idea's fields as stored. */
const fields = idea();

const keyA = 'incoming/11111111-1111-4111-8111-111111111111/plan.pdf';
const keyB = 'incoming/22222222-2222-4222-8222-222222222222/users.csv';
const ID = '33333333-3333-4333-8333-333333333333';

function setup(options: { down?: Set<WebhookType>; unreadable?: Set<string> } = {}) {
  const down = options.down ?? new Set<WebhookType>();
  const files = memoryFileStore({ [keyA]: pdf, [keyB]: csv }, options.unreadable);
  return { ...memorySubmissionDeps({ files, issued: { [keyA]: 'idea', [keyB]: 'idea' }, plans: { idea: ideaDelivery }, webhooksDown: down }), down };
}

const request = (files: string[] = [keyA, keyB]): IdeaRequest => idea({ files });

describe('upload items', () => {
  it("turns a file that cannot be read into { name, error: 'Failed to encode file' }", async () => {
    const item = await toUploadItem({ name: 'broken.pdf', type: 'application/pdf', size: 10 }, async () => {
      throw new Error('EIO');
    });
    expect(item).toEqual({ name: 'broken.pdf', error: 'Failed to encode file' });
  });

  it('reads stored files into { name, type, size, data } and keeps going past an unreadable one', async () => {
    const files = memoryFileStore({ 'attachments/x/1-plan.pdf': pdf, 'attachments/x/2-users.csv': csv }, new Set(['attachments/x/1-plan.pdf']));
    const items = await ideaUploadItems(files, [
      { key: 'attachments/x/1-plan.pdf', name: 'plan.pdf', type: 'application/pdf', size: pdf.length },
      { key: 'attachments/x/2-users.csv', name: 'users.csv', type: 'text/csv', size: csv.length },
    ]);
    expect(items).toEqual([
      { name: 'plan.pdf', error: 'Failed to encode file' },
      { name: 'users.csv', type: 'text/csv', size: csv.length, data: Buffer.from(csv).toString('base64') },
    ]);
  });
});

describe('submitting an idea', () => {
  it('stores the values with submittedAt and the claimed files, then sends both webhooks and the mail', async () => {
    const { deps, store, posts, mails } = setup();
    expect(await acceptIdea(deps, ID, request())).toEqual({ id: ID, created: true });

    const record = store.items.get(ID) as SubmissionRecord<IdeaRecordData>;
    expect(record.kind).toBe('idea');
    expect(record.data).toEqual({ ...fields, submittedAt: '2026-11-22T10:00:00.000Z' });
    expect(record.files.map((f) => [f.key, f.type])).toEqual([
      [`${attachmentFolder(ID, record.fingerprint!)}1-plan.pdf`, 'application/pdf'],
      [`${attachmentFolder(ID, record.fingerprint!)}2-users.csv`, 'text/csv'],
    ]);
    // The 24-hour watch's two reminders wait for their time (20 and 24 hours after arrival).
    expect(Object.keys(record.deliveries)).toEqual([...ideaDelivery.targets, 'reminder:20h', 'reminder:24h']);
    expect(Object.values(record.deliveries).map((d) => d.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'pending', 'pending']);
    expect(record.retryAt).toBe('2026-11-23T06:00:00.000Z');

    const expectedFiles = [
      { name: 'plan.pdf', type: 'application/pdf', size: pdf.length, data: Buffer.from(pdf).toString('base64') },
      { name: 'users.csv', type: 'text/csv', size: csv.length, data: Buffer.from(csv).toString('base64') },
    ];
    expect(posts.map((p) => p.type).sort()).toEqual(['prod', 'test']);
    for (const post of posts) {
      expect(post.payload).toEqual({ webhookType: post.type, data: { ...fields, submittedAt: '2026-11-22T10:00:00.000Z' }, files: expectedFiles });
      expect(post.key).toBe(`${ID}:webhook:${post.type}`);
    }

    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(['sales@cadence-ai.example', 'support@cadence-ai.example']);
    expect(mail.replyTo).toBe('ada@example.com');
    expect(mail.subject).toBe('App idea: Shift planner (from Ada Lovelace)');
    for (const value of Object.values(fields)) expect(mail.text).toContain(value);
    expect(mail.attachments.map((a) => a.name)).toEqual(['plan.pdf', 'users.csv']);
  });

  it('reads and encodes each file once for both webhooks of an attempt', async () => {
    const { deps, files, posts } = setup();
    const reads: string[] = [];
    const read = files.read.bind(files);
    files.read = async (key) => {
      reads.push(key);
      return read(key);
    };
    await acceptIdea(deps, ID, request());
    expect(posts).toHaveLength(2);
    // Once for the two webhooks, once for the mail's attachments.
    expect(reads.filter((k) => k.endsWith('plan.pdf'))).toHaveLength(2);
  });

  it('stores and delivers once for a repeated id', async () => {
    const { deps, posts, mails } = setup();
    await acceptIdea(deps, ID, request());
    expect(await acceptIdea(deps, ID, request())).toEqual({ id: ID, created: false });
    expect(posts).toHaveLength(2);
    expect(mails).toHaveLength(1);
  });

  it('refuses a missing upload before storing anything', async () => {
    const { deps, store, posts } = setup();
    const missing = 'incoming/44444444-4444-4444-8444-444444444444/gone.pdf';
    await expect(acceptIdea(deps, ID, request([missing]))).rejects.toBeInstanceOf(RejectedInput);
    expect(store.items.size).toBe(0);
    expect(posts).toEqual([]);
  });

  it('refuses an upload whose bytes are not what its name claims', async () => {
    const { deps, files, store } = setup();
    const fake = 'incoming/55555555-5555-4555-8555-555555555555/slides.pdf';
    files.objects.set(fake, new TextEncoder().encode('<script>alert(1)</script>'));
    (deps.ports.uploadClaims as ReturnType<typeof memoryUploadClaims>).items.set(fake, { form: 'idea' });
    await expect(acceptIdea(deps, ID, request([fake]))).rejects.toThrow(/not a supported file/);
    expect(store.items.size).toBe(0);
  });

  it('sends the encode-failure item when a stored file cannot be read, and still delivers', async () => {
    const { deps, posts } = setup({ unreadable: new Set([keyA]) });
    await acceptIdea(deps, ID, request());
    const payload = posts[0]!.payload as { files: unknown[] };
    expect(payload.files[0]).toEqual({ name: 'plan.pdf', error: 'Failed to encode file' });
    expect(payload.files[1]).toMatchObject({ name: 'users.csv', data: Buffer.from(csv).toString('base64') });
  });
});

describe('delivering an idea when a webhook is down', () => {
  it("accepts the idea, sends 'test' once and 'prod' exactly once after it comes back", async () => {
    const { deps, store, posts, mails, down, advance } = setup({ down: new Set(['prod']) });
    expect((await acceptIdea(deps, ID, request([]))).created).toBe(true);
    expect(posts.map((p) => p.type)).toEqual(['test']);
    expect(mails).toHaveLength(1);
    expect(store.items.get(ID)?.deliveries['webhook:prod']).toMatchObject({ state: 'pending', attempts: 1, lastError: 'The prod webhook answered 503' });

    advance(RETRY_DELAYS_SECONDS[0]);
    await retryDueDeliveries(deps); // still down
    down.clear();
    advance(RETRY_DELAYS_SECONDS[1]);
    expect(await retryDueDeliveries(deps)).toMatchObject({ sent: 1, failed: 0, pending: 0 });
    advance(24 * 3600);
    await retryDueDeliveries(deps);

    expect(posts.map((p) => p.type)).toEqual(['test', 'prod']);
    expect(posts.map((p) => p.key)).toEqual([`${ID}:webhook:test`, `${ID}:webhook:prod`]);
    // The support mail once; nobody answered the idea, so the 24-hour watch reminded twice meanwhile.
    expect(mails.map((m) => m.subject.split(':')[0])).toEqual(['App idea', 'Reminder', 'Overdue']);
    expect(store.items.get(ID)?.deliveries['webhook:prod']).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('marks the delivery failed after the last try, logs it, and keeps the idea', async () => {
    const { deps, store, logs, advance } = setup({ down: new Set(['prod']) });
    await acceptIdea(deps, ID, request([]));
    for (const delay of RETRY_DELAYS_SECONDS) {
      advance(delay);
      await retryDueDeliveries(deps);
    }
    const record = store.items.get(ID)!;
    expect(record.deliveries['webhook:prod']).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(record.deliveries['webhook:test']).toMatchObject({ state: 'sent', attempts: 1 });
    expect(record.data).toMatchObject(fields);
    expect(logs.filter((l) => l.message === 'delivery failed')).toEqual([
      expect.objectContaining({ level: 'error', data: expect.objectContaining({ submissionId: ID, delivery: 'webhook:prod', final: true }) }),
    ]);
  });
});

describe('the support mail', () => {
  it('escapes what the visitor typed and keeps the subject on one line', async () => {
    const { deps } = setup();
    const record = submissionRecord<IdeaRecordData>({
      id: ID,
      kind: 'idea',
      data: { ...fields, title: 'Evil\r\nBcc: x@example.com', description: '<img src=x onerror=alert(1)> and more text', submittedAt: '2026-11-22T10:00:00.000Z' },
    });
    const mail = ideaMail(record, { attachments: [], links: [] }, deps.ports.mailTo);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img');
  });

  it('payload for a type carries that type', async () => {
    const { files } = setup();
    const record = submissionRecord<IdeaRecordData>({ id: ID, kind: 'idea', data: { ...fields, submittedAt: 'x' } });
    expect((await ideaWebhookPayload(record, 'prod', files)).webhookType).toBe('prod');
  });
});
