/**
 * 100,000 submissions as the accepting functions store them (lambdas/domain/submissions: the same record, inbox
 * fields and retention), written straight into the local table: demo requests, contact messages and ideas in
 * turn over the last 100 days, delivered, in every status (the older ones answered or closed by one of four staff
 * members, as the audit trail records it); 10,000 purchases as the Stripe webhook records them; and the overview's
 * figures of all of them (lambdas/domain/overview/rebuild.ts), as the functions keep them.
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
import { newSubmission, overallDeliveryState, type Deliveries, type LeadRecord } from '../../../lambdas/domain/submissions/record';
import { figureTableItems } from '../../../lambdas/data/overview';
import { figureItems } from '../../../lambdas/domain/overview/rebuild';
import type { Purchase } from '../../../lambdas/domain/purchases/record';
import { emailKeyOf } from '../../../lambdas/domain/submissions/inbox-fields';
import type { HistoryEntry } from '@shared/contract/staff-console';

const kinds: SubmissionKind[] = ['demoRequest', 'contactMessage', 'idea'];
/** The last two days' leads: most new or being worked; fewer answered, closed or spam. */
const recentStatuses: LeadStatus[] = ['new', 'new', 'new', 'new', 'inProgress', 'inProgress', 'answered', 'answered', 'closed', 'spam'];
/** Older leads: answered or closed, some spam, a few left open (overdue). */
const olderStatuses: LeadStatus[] = ['answered', 'answered', 'answered', 'closed', 'closed', 'answered', 'closed', 'spam', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'answered', 'closed', 'new', 'inProgress'];
const staffMembers = ['ana@cadence-ai.example', 'ben@cadence-ai.example', 'cy@cadence-ai.example', 'dee@cadence-ai.example'];
const message = 'We get a few hundred inbound leads a week and would like an agent to qualify them before our sales team calls back. ';

/** A lead's data as its form stores it, for person `n`. */
export function dataOf(kind: SubmissionKind, n: number, at: Date) {
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
  const recent = now.getTime() - at.getTime() < 2 * 86_400_000;
  const status = (recent ? recentStatuses[n % recentStatuses.length] : olderStatuses[n % olderStatuses.length]) as LeadStatus;
  // The first answer 5 minutes to about 40 hours after arrival (most within the day), by one of the staff.
  const answeredAt = new Date(at.getTime() + (5 + ((n * 7919) % (n % 9 === 0 ? 2400 : 1200))) * 60_000).toISOString();
  const history: HistoryEntry[] = status === 'answered' || status === 'closed' ? [{ at: answeredAt, by: staffMembers[n % staffMembers.length] as string, action: 'status', from: 'new', to: status }] : [];
  const { retryQueue: _q, retryAt: _a, leasedUntil: _l, ...rest } = record;
  return { ...rest, ...inboxFields({ id: record.id, kind, createdAt: record.createdAt, status, lead }), deliveries, deliveryState: overallDeliveryState(deliveries), history, version: 2 };
}

const apps = ['ai-system-prompt-generator', 'ai-content-generator', 'ai-customer-support'];

/** Purchase n of `total` over the last 100 days: one in five the services package (a subscription), 3 in 100 refunded. */
export function seedPurchase(n: number, total: number, now: Date): Purchase {
  const at = new Date(now.getTime() - Math.round(((total - n) / total) * 100 * 86_400_000));
  const services = n % 5 === 0;
  return {
    sessionId: `cs_bench_${n}`,
    appId: services ? 'ai-agent' : (apps[n % apps.length] as string),
    type: services ? 'services' : 'marketplace',
    amountTotal: services ? 49_900 : 4_999,
    currency: 'usd',
    customerEmail: `buyer${n}@example.com`,
    eventId: `evt_bench_${n}`,
    livemode: false,
    occurredAt: Math.floor(at.getTime() / 1000),
    createdAt: at.toISOString(),
    status: n % 33 === 0 ? 'refunded' : 'paid',
    ...(services ? { subscriptionStatus: n % 35 === 0 ? 'cancelled' : n % 45 === 0 ? 'pastDue' : 'active' } : {}),
  };
}

/**
 * Writes `total` submissions and `purchases` purchases, `concurrency` batches of 25 at a time, then the overview's
 * figures of them all; reports progress.
 */
export async function seed(opts: {
  endpoint: string;
  table: string;
  total: number;
  purchases?: { table: string; total: number };
  overview?: { table: string; timeZone: string };
  concurrency?: number;
  progress?: (done: number) => void;
}): Promise<void> {
  const docs = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: opts.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, maxAttempts: 10 }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const now = new Date();
  // What the overview's figures need of each lead (not its data): kept while seeding, counted at the end.
  const leads: LeadRecord[] = [];
  const write = async (table: string, items: readonly Record<string, unknown>[]) => {
    let next = 0;
    const worker = async () => {
      for (;;) {
        const start = next;
        if (start >= items.length) return;
        next = Math.min(items.length, start + 25);
        await batchWriteAll(docs, table, items.slice(start, next).map((Item) => ({ PutRequest: { Item } })));
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  };
  for (let start = 0; start < opts.total; start += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, opts.total - start) }, (_, i) => seedRecord(start + i, opts.total, now));
    await write(opts.table, batch);
    for (const r of batch) leads.push({ id: r.id, kind: r.kind, createdAt: r.createdAt, reference: r.reference, status: r.status, history: r.history } as unknown as LeadRecord);
    opts.progress?.(start + batch.length);
  }
  const purchases = Array.from({ length: opts.purchases?.total ?? 0 }, (_, n) => seedPurchase(n, opts.purchases?.total ?? 0, now));
  if (opts.purchases) {
    await write(opts.purchases.table, purchases.map((p) => ({ ...p, emailKey: emailKeyOf(p.customerEmail as string) })));
  }
  if (opts.overview) {
    const items = figureItems({ leads, purchases, timeZone: opts.overview.timeZone }).flatMap(figureTableItems);
    await write(opts.overview.table, items);
  }
  docs.destroy();
}
