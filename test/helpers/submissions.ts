/**
 * What the local stack kept of a form submission: its row in the submissions table and the notification
 * mails that name it. Needs `LOCAL_STACK` (test/integration/setup-env.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { resourceName, tableEnvName } from '@shared/deployment/manifest';
import { localStack, sdkConfig } from './local-stack';
import { listMails, type Mail } from './mailbox';

let client: DynamoDBDocumentClient | undefined;
function dynamo(): DynamoDBDocumentClient {
  const stack = localStack();
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }));
  return client;
}

export const submissionsTable = () => localStack().env[tableEnvName('submissions')] ?? resourceName('local', 'submissions');

export async function storedSubmission(id: string): Promise<Record<string, unknown> | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: submissionsTable(), Key: { id }, ConsistentRead: true }));
  return out.Item;
}

/**
 * How many submissions the table holds that were created at or after `since` (ISO time), to prove that refused
 * requests stored nothing. Counted by creation time, not as a total before and after: the shared stack's expiry
 * sweep (infra/local/expiry.ts, every minute) and the staff erasure tests remove older rows meanwhile.
 */
export async function submissionsCreatedSince(since: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new ScanCommand({
        TableName: submissionsTable(),
        Select: 'COUNT',
        FilterExpression: 'createdAt >= :since',
        ExpressionAttributeValues: { ':since': since },
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/** Mails whose text names this submission id (every notification mail carries it). */
export async function submissionMails(id: string): Promise<Mail[]> {
  return (await listMails()).filter((m) => (m.body.text ?? '').includes(`Submission id: ${id}`));
}

/**
 * The targets of a stored submission still pending, and whether the record is queued for exactly the earliest of
 * them: once its deliveries went out, only the 24-hour watch's two reminders wait (held until their time).
 */
export function stillPending(record: Record<string, unknown> | undefined): { targets: string[]; queuedForThem: boolean } {
  const deliveries = (record?.deliveries ?? {}) as Record<string, { state: string; nextAttemptAt?: string }>;
  const pending = Object.entries(deliveries).filter(([, d]) => d.state === 'pending');
  const earliest = pending.map(([, d]) => d.nextAttemptAt ?? '').sort()[0];
  return { targets: pending.map(([t]) => t).sort(), queuedForThem: pending.length === 0 ? record?.retryQueue === undefined : record?.retryAt === earliest };
}

/**
 * The stored submission once its first delivery attempt has been recorded: the visitor's answer comes before the
 * delivery function runs, so a test that reads the outcome waits for it (up to `ms`). Deliveries held until a due
 * time (the 24-hour watch's reminders) are not part of the first attempt.
 */
export async function attemptedSubmission(id: string, ms = 10_000): Promise<Record<string, unknown> | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const item = await storedSubmission(id);
    const deliveries = Object.values((item?.deliveries ?? {}) as Record<string, { attempts: number; dueAt?: string }>).filter((d) => d.dueAt === undefined);
    if ((deliveries.length > 0 && deliveries.every((d) => d.attempts > 0)) || Date.now() > until) return item;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Changes a stored submission as time would (an expiry that passed, a delivery given up after its last retry):
 * each attribute set to its value, or removed when the value is undefined.
 */
export async function patchSubmission(id: string, changes: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(changes);
  const set = entries.filter(([, v]) => v !== undefined);
  const remove = entries.filter(([, v]) => v === undefined);
  const name = (i: number) => `#n${i}`;
  await dynamo().send(
    new UpdateCommand({
      TableName: submissionsTable(),
      Key: { id },
      UpdateExpression: [
        set.length > 0 ? `SET ${set.map(([k], i) => `${name(entries.findIndex(([e]) => e === k))} = :v${i}`).join(', ')}` : '',
        remove.length > 0 ? `REMOVE ${remove.map(([k]) => name(entries.findIndex(([e]) => e === k))).join(', ')}` : '',
      ].join(' '),
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [name(i), k])),
      ...(set.length > 0 ? { ExpressionAttributeValues: Object.fromEntries(set.map(([, v], i) => [`:v${i}`, v])) } : {}),
    }),
  );
}
