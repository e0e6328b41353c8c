/**
 * 100,000 submissions as the accepting functions store them (lambdas/domain/submissions: the same record, inbox
 * fields and retention), written straight into the local table: demo requests, contact messages and ideas in
 * turn over the last 100 days, delivered, in every status.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LeadStatus, SubmissionKind } from '@shared/contract/staff-console';
import { deliveryPlans } from '../../../lambdas/domain/submissions/kinds';
import { contactMessage } from '../../../lambdas/domain/submissions/kinds/contact-message';
import { demoRequest } from '../../../lambdas/domain/submissions/kinds/demo-request';
import { idea } from '../../../lambdas/domain/submissions/kinds/idea';
import { inboxFields } from '../../../lambdas/domain/submissions/inbox-fields';
import { batchWriteAll } from '../../../lambdas/lib/dynamo';
import { newSubmission, overallDeliveryState, type Deliveries } from '../../../lambdas/domain/submissions/record';

const kinds: SubmissionKind[] = ['demoRequest', 'contactMessage', 'idea'];
/** Most leads are new or being worked; fewer answered, closed or spam. */
const statuses: LeadStatus[] = ['new', 'new', 'new', 'new', 'inProgress', 'inProgress', 'answered', 'answered', 'closed', 'spam'];
const message = 'We get a few hundred inbound leads a week and would like an agent to qualify them before our sales team calls back. ';

function dataOf(kind: SubmissionKind, n: number, at: Date) {
  const name = `Person ${n}`;
  const email = `person${n}@example.com`;
  if (kind === 'demoRequest') {
    return { name, email, phone: '+1 555 123 4567', company: `Company ${n % 5000}`, jobTitle: 'Head of Sales', teamSize: '11-50', interests: ['sdr', 'support'], message: message.repeat(2), preferredTime: 'morning', consent: true };
  }
  if (kind === 'contactMessage') {
    return { name, email, phone: '(555) 987-6543', company: `Company ${n % 5000}`, industry: 'retail', teamSize: '51-200', subject: `Question ${n}`, message: message.repeat(2), newsletter: n % 2 === 0 };
  }
  return { title: `App idea ${n}`, description: message.repeat(2), targetUsers: 'Sales teams', businessType: 'Technology', budget: 'Not sure yet', fullName: name, email, phone: '+44 20 7946 0958', submittedAt: at.toISOString() };
}

const defs = { demoRequest, contactMessage, idea } as const;

export function seedRecord(n: number, total: number, now: Date) {
  const kind = kinds[n % kinds.length] as SubmissionKind;
  // Spread over 100 days, the newest last.
  const at = new Date(now.getTime() - Math.round(((total - n) / total) * 100 * 86_400_000));
  const data = dataOf(kind, n, at);
  const lead = (defs[kind].lead as (d: unknown) => ReturnType<typeof demoRequest.lead>)(data);
  const record = newSubmission({ id: randomUUID(), kind, data, files: [], targets: deliveryPlans[kind]?.targets ?? [], now: at, lead, retentionDays: 365 });
  const deliveries: Deliveries = Object.fromEntries(Object.keys(record.deliveries).map((t) => [t, { state: 'sent', attempts: 1, lastAttemptAt: at.toISOString(), sentAt: at.toISOString() }]));
  const status = statuses[n % statuses.length] as LeadStatus;
  const { retryQueue: _q, retryAt: _a, leasedUntil: _l, ...rest } = record;
  return { ...rest, ...inboxFields({ id: record.id, kind, createdAt: record.createdAt, status, lead }), deliveries, deliveryState: overallDeliveryState(deliveries), version: 2 };
}

/** Writes `total` submissions, `concurrency` batches of 25 at a time; reports progress. */
export async function seed(opts: { endpoint: string; table: string; total: number; concurrency?: number; progress?: (done: number) => void }): Promise<void> {
  const docs = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: opts.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, maxAttempts: 10 }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const now = new Date();
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      const start = next;
      if (start >= opts.total) return;
      next = Math.min(opts.total, start + 25);
      await batchWriteAll(docs, opts.table, Array.from({ length: next - start }, (_, i) => ({ PutRequest: { Item: seedRecord(start + i, opts.total, now) } })));
      done += 25;
      if (done % 10_000 === 0) opts.progress?.(done);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  docs.destroy();
}
