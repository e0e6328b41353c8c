/**
 * A bot's wave of strangers' addresses cannot turn the confirmation mail on the business: on a stack whose caps are
 * low (a stack of its own, so no other test's mail counts against them), 50 contact messages to 50 addresses from
 * 50 clients are all stored and all reach the support staff, but at most the cap's worth of confirmations goes out;
 * the others are skipped with the cap's reason, and each skip is logged as `visitor mail capped`, the line the
 * deployed metric filter counts for the alarm.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/contract/api';
import { tableEnvName } from '@shared/deployment/manifest';
import { cappedReason, type VisitorMailCaps } from '../../../lambdas/domain/submissions/visitor-mail';
import { listMails } from '../../helpers/mailbox';
import { contactMessage } from '../../helpers/records';
import { startSeparateStack, type SeparateStack } from '../../helpers/separate-stack';

const caps: VisitorMailCaps = { perHour: 8, perDay: 10, perDomainPerHour: 50, perDomainPerDay: 50 };
let stack: SeparateStack;

beforeAll(async () => {
  // The retry job as deployed runs it, so a hand-off lost under load is still delivered.
  stack = await startSeparateStack({ name: 'visitor-mail-caps', settings: { VISITOR_MAIL_CAPS: JSON.stringify(caps) }, trustForwardedFor: true, deliveryRetryIntervalMs: 2000 });
}, 120_000);
afterAll(async () => stack?.stop());

describe('the caps on mail to visitors', () => {
  it('50 messages to 50 addresses from many clients: all stored and sent to staff, at most the cap’s confirmations, the rest skipped and logged', async () => {
    const { apiUrl, mailboxUrl, env, endpoints, region } = stack.description;
    const run = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const id = randomUUID();
      const response = await fetch(`${apiUrl}${routes.createContactMessage.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': id, 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: JSON.stringify(contactMessage({ name: `Wave ${i} ${run}`, email: `wave-${i}-${run}@domain${i % 5}.example` })),
      });
      expect(response.status, `message ${i}`).toBe(201);
      ids.push(id);
    }
    const docs = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoints.dynamodb, region, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! } }));
    const record = async (id: string) => (await docs.send(new GetCommand({ TableName: env[tableEnvName('submissions')]!, Key: { id }, ConsistentRead: true }))).Item as { deliveries: Record<string, { state: string; reason?: string }> } | undefined;
    // Every first delivery attempted (the hand-off runs right after each answer).
    await expect.poll(async () => (await Promise.all(ids.map(record))).filter((r) => r?.deliveries.confirmation?.state !== 'pending').length, { timeout: 150_000, interval: 500 }).toBe(50);
    const records = await Promise.all(ids.map(record));
    docs.destroy();

    expect(records.every((r) => r?.deliveries.mail?.state === 'sent')).toBe(true);
    const confirmed = records.filter((r) => r?.deliveries.confirmation?.state === 'sent').length;
    const skipped = records.filter((r) => r?.deliveries.confirmation?.state === 'skipped');
    // The hourly cap; the daily one bounds a run that straddles the hour.
    expect(confirmed).toBeGreaterThanOrEqual(caps.perHour);
    expect(confirmed).toBeLessThanOrEqual(caps.perDay);
    expect(confirmed + skipped.length).toBe(50);
    expect(new Set(skipped.map((r) => r?.deliveries.confirmation?.reason))).toEqual(new Set(confirmed === caps.perHour ? [cappedReason('perHour', caps)] : [cappedReason('perHour', caps), cappedReason('perDay', caps)]));
    const mails = (await listMails({ mailboxUrl })).filter((m) => m.subject.startsWith('We received your') && m.destination.to.some((to) => to.includes(run)));
    expect(mails).toHaveLength(confirmed);
    // The line the alarm's metric filter counts, once per skipped confirmation.
    const logged = readFileSync(stack.logFile, 'utf8').split('\n').filter((l) => l.includes('"message":"visitor mail capped"'));
    expect(logged).toHaveLength(skipped.length);
  }, 240_000);
});
