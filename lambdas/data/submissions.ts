/**
 * Data access for the `submissions` table (keys and indexes from shared/deployment/manifest.ts), in the parts each
 * function uses: accepting (`submissionIntake`), delivering (`deliveryStore`, the retry job's `dueSubmissions`),
 * the attachment links (`getSubmission`), the staff console (`leadsTable`) and a person's erasure
 * (`submissionRecords`). Each part is its own object of top-level functions, so tree-shaking leaves a function's
 * bundle only the calls it makes, and its role only those DynamoDB actions (test/infra/least-privilege.test.ts).
 * Conditional writes give idempotent creation and optimistic locking; no transactions are needed (the local
 * DynamoDB stand-in has none, and every write touches one item).
 */
import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { tables } from '@shared/deployment/manifest';
import { batchBackoff, dynamo, MAX_BATCH_ATTEMPTS } from '../lib/dynamo';
import { tableName } from '../lib/env';
import { overallDeliveryState, type SubmissionRecord } from '../domain/submissions/record';
import type { DeliveryStore, DueDeliveries, SubmissionIntake } from '../domain/submissions/ports';
import type { InboxRead, InboxRow, LeadRecords, LeadStore, PageKey, SubmissionRecords } from '../domain/leads/ports';


function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

async function createSubmission(record: SubmissionRecord<unknown>): Promise<'created' | 'exists'> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('submissions'),
        Item: record,
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    );
    return 'created';
  } catch (error) {
    if (isConditionFailure(error)) return 'exists';
    throw error;
  }
}

export async function getSubmission(id: string): Promise<SubmissionRecord<unknown> | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName('submissions'), Key: { id }, ConsistentRead: true }));
  return out.Item as SubmissionRecord<unknown> | undefined;
}

export const submissionIntake: SubmissionIntake = { create: createSubmission, get: getSubmission };

export const deliveryStore: DeliveryStore = {
  get: getSubmission,

  async update(record, expectedVersion, changes) {
    const queued = changes.retryQueue !== undefined && changes.retryAt !== undefined;
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('submissions'),
          Key: { id: record.id },
          // The outcome ends the writer's lease; the inbox's delivery state follows the deliveries.
          UpdateExpression: queued
            ? 'SET deliveries = :d, deliveryState = :ds, version = :next, retryQueue = :q, retryAt = :at REMOVE leasedUntil'
            : 'SET deliveries = :d, deliveryState = :ds, version = :next REMOVE retryQueue, retryAt, leasedUntil',
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: {
            ':d': changes.deliveries,
            ':ds': overallDeliveryState(changes.deliveries),
            ':next': expectedVersion + 1,
            ':expected': expectedVersion,
            ...(queued ? { ':q': changes.retryQueue, ':at': changes.retryAt } : {}),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as SubmissionRecord<unknown>;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  },

  async lease(id, expectedVersion, until) {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('submissions'),
          Key: { id },
          UpdateExpression: 'SET version = :next, retryQueue = :q, retryAt = :at, leasedUntil = :at',
          // A missing item fails the condition too (it has no version).
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':next': expectedVersion + 1, ':expected': expectedVersion, ':q': 'pending', ':at': until },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as SubmissionRecord<unknown>;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  },

  async reopen(record, expectedVersion, deliveries, until) {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('submissions'),
          Key: { id: record.id },
          UpdateExpression: 'SET deliveries = :d, deliveryState = :ds, version = :next, retryQueue = :q, retryAt = :at, leasedUntil = :at',
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: {
            ':d': deliveries,
            ':ds': overallDeliveryState(deliveries),
            ':next': expectedVersion + 1,
            ':expected': expectedVersion,
            ':q': 'pending',
            ':at': until,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as SubmissionRecord<unknown>;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  },
};

export const dueSubmissions: DueDeliveries = {
  async listDue(now, limit) {
    const index = tables.submissions.indexes.find((i) => i.name === 'pendingDeliveries')!;
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('submissions'),
        IndexName: index.name,
        KeyConditionExpression: '#q = :pending AND #at <= :now',
        ExpressionAttributeNames: { '#q': index.partitionKey.name, '#at': index.sortKey.name },
        ExpressionAttributeValues: { ':pending': 'pending', ':now': now.toISOString() },
        Limit: limit,
      }),
    );
    return (out.Items ?? []) as SubmissionRecord<unknown>[];
  },
};

/** A Query's filter for the conditions the inbox applies after reading (see lambdas/domain/leads/inbox.ts). */
function inboxFilter(where: InboxRead['where']) {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (where.aliveAt > 0) {
    parts.push('(attribute_not_exists(#exp) OR #exp > :alive)');
    names['#exp'] = 'expiresAt';
    values[':alive'] = where.aliveAt;
  }
  const equal = (attribute: string, value: string | undefined) => {
    if (value === undefined) return;
    parts.push(`#${attribute} = :${attribute}`);
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
  };
  equal('kind', where.kind);
  equal('status', where.status);
  equal('reference', where.reference);
  (where.words ?? []).forEach((word, i) => {
    parts.push(`contains(#search, :w${i})`);
    names['#search'] = 'searchText';
    values[`:w${i}`] = word;
  });
  return parts.length === 0 ? {} : { FilterExpression: parts.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** Sets the status (and its index key) and appends an audit entry, if the submission is listed. */
function setLeadStatus(...[id, status, kindStatus, entry]: Parameters<LeadRecords['setStatus']>) {
  return updateIfListed(id, 'SET #status = :status, kindStatus = :ks, history = list_append(if_not_exists(history, :none), :entry)', {
    names: { '#status': 'status' },
    values: { ':status': status, ':ks': kindStatus, ':none': [], ':entry': [entry] },
  });
}

function appendLeadHistory(...[id, entry]: Parameters<LeadRecords['appendHistory']>) {
  return updateIfListed(id, 'SET history = list_append(if_not_exists(history, :none), :entry)', { names: {}, values: { ':none': [], ':entry': [entry] } });
}

export const leadRecords: LeadRecords = { get: getSubmission, setStatus: setLeadStatus, appendHistory: appendLeadHistory };

/** Submissions by id (BatchGetItem; unprocessed keys read again), optionally only some attributes. */
export async function getSubmissions(...[ids, attributes]: Parameters<LeadStore['getMany']>): Promise<SubmissionRecord<unknown>[]> {
  const found: SubmissionRecord<unknown>[] = [];
  let keys: Record<string, unknown>[] = [...new Set(ids)].map((id) => ({ id }));
  const projection = attributes
    ? { ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '), ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])) }
    : {};
  for (let attempt = 0; keys.length > 0; attempt++) {
    if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error(`BatchGetItem left ${keys.length} keys unprocessed`);
    const table = tableName('submissions');
    const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ...projection } } }));
    found.push(...((out.Responses?.[table] ?? []) as SubmissionRecord<unknown>[]));
    keys = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    if (keys.length > 0) await batchBackoff(attempt);
  }
  return found;
}

// The records' functions named one by one: a spread is no pure expression to esbuild, and would keep this
// object (its Query and BatchGetItem) in bundles that only use leadRecords.
export const leadsTable: LeadStore = {
  get: getSubmission,
  setStatus: setLeadStatus,
  appendHistory: appendLeadHistory,

  async readInbox(read) {
    const filter = inboxFilter(read.where);
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('submissions'),
        IndexName: read.index,
        KeyConditionExpression: read.range ? '#p = :p AND #rk BETWEEN :from AND :to' : '#p = :p',
        ...(filter.FilterExpression ? { FilterExpression: filter.FilterExpression } : {}),
        ExpressionAttributeNames: { '#p': read.partition.name, ...(read.range ? { '#rk': 'receivedKey' } : {}), ...filter.ExpressionAttributeNames },
        ExpressionAttributeValues: {
          ':p': read.partition.value,
          ...(read.range ? { ':from': read.range.from, ':to': read.range.to } : {}),
          ...filter.ExpressionAttributeValues,
        },
        // Newest first.
        ScanIndexForward: false,
        Limit: read.limit,
        ...(read.startKey ? { ExclusiveStartKey: read.startKey } : {}),
      }),
    );
    return {
      rows: (out.Items ?? []) as InboxRow[],
      ...(out.LastEvaluatedKey ? { lastKey: out.LastEvaluatedKey as PageKey } : {}),
      examined: out.ScannedCount ?? 0,
    };
  },

  getMany: getSubmissions,
};

/** A person's erasure: their submissions deleted, the sale notices of their purchases pseudonymised. */
export const submissionRecords: SubmissionRecords = {
  async remove(id) {
    await dynamo().send(new DeleteCommand({ TableName: tableName('submissions'), Key: { id } }));
  },

  async pseudonymiseNotice(id, at) {
    // `data.customerEmail` is a notice's one copy of the address: it has no index keys, and its mail's subject and
    // reply-to are made from `data` when it is sent (a delivery still pending goes without the address). The
    // version is left alone: the engine's writes set only the delivery fields, so they cannot put the address back.
    await dynamo()
      .send(
        new UpdateCommand({
          TableName: tableName('submissions'),
          Key: { id },
          UpdateExpression: 'SET #data.customerEmail = :none, erasedAt = if_not_exists(erasedAt, :at)',
          // Never creates a row, and never touches a lead.
          ConditionExpression: '#kind = :notice',
          ExpressionAttributeNames: { '#data': 'data', '#kind': 'kind' },
          ExpressionAttributeValues: { ':none': null, ':at': at.toISOString(), ':notice': 'saleNotice' },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  },
};

/** An update of a submission that exists and is listed; undefined when it does not. */
async function updateIfListed(id: string, expression: string, attributes: { names: Record<string, string>; values: Record<string, unknown> }) {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('submissions'),
        Key: { id },
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(summary)',
        ...(Object.keys(attributes.names).length > 0 ? { ExpressionAttributeNames: attributes.names } : {}),
        ExpressionAttributeValues: attributes.values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as SubmissionRecord<unknown>;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
