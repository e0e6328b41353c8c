/**
 * Data access for the `purchases` table: one row per Stripe Checkout session, keyed by its id, with the state
 * the purchase rules keep (lambdas/domain/purchases/record.ts). Every write is one conditional or
 * if_not_exists update of one item, so it can run in any order and any number of times (Stripe's at-least-once,
 * out-of-order webhooks, the success screen racing them) and ends in the same row.
 *
 * A row a later event created first (a refund whose session had not been recorded yet) has no `appId`: it is not
 * a purchase until the completion fills it in, and `find` answers undefined for it.
 *
 * A person's erasure pseudonymises their purchases (`purchaseRecords.pseudonymise`): the e-mail goes (null, and
 * out of the byEmail index), `erasedAt` says when, and the rest stays for the bookkeeping. `customerEmail` stays
 * present (as null) so that a replayed completion's if_not_exists cannot write the address back, and the
 * completion's condition keeps it from putting the row back into the index.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tables, type IndexDef } from '@shared/deployment/manifest';
import type { PersonPurchases } from '../domain/leads/ports';
import type { CompletedCheckout, Purchase, PurchaseStore, SubscriptionChange } from '../domain/purchases/record';
import { emailKeyOf } from '../domain/submissions/inbox-fields';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';


function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

/** Runs a conditional update; false when its condition did not hold. */
async function conditionally(command: UpdateCommand): Promise<boolean> {
  try {
    await dynamo().send(command);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

function isPurchase(item: Record<string, unknown> | undefined): item is Record<string, unknown> & Purchase {
  return typeof item?.sessionId === 'string' && typeof item.appId === 'string' && typeof item.createdAt === 'string';
}

/** A row as a Purchase: rows recorded before purchases had a state are paid. */
function toPurchase(item: Record<string, unknown> & Purchase): Purchase {
  const { promptWindowStart: _start, promptCount: _count, subscriptionStatusAt: _at, emailKey: _key, failedInvoiceIds, ...purchase } = item as Purchase & Record<string, unknown>;
  return {
    ...(purchase as unknown as Purchase),
    status: item.status === 'refunded' ? 'refunded' : 'paid',
    // A string set, which the document client reads as a Set: an array, like every list of a Purchase.
    ...(failedInvoiceIds ? { failedInvoiceIds: [...(failedInvoiceIds as Iterable<string>)].sort() } : {}),
  };
}

export async function recordCompleted(checkout: CompletedCheckout, now: Date): Promise<'recorded' | 'duplicate'> {
  const values: Record<string, unknown> = {
    ':appId': checkout.appId,
    ':type': checkout.type,
    ':amountTotal': checkout.amountTotal,
    ':currency': checkout.currency,
    ':customerEmail': checkout.customerEmail,
    ':eventId': checkout.eventId,
    ':livemode': checkout.livemode,
    ':occurredAt': checkout.occurredAt,
    ':createdAt': now.toISOString(),
    ':paid': 'paid',
  };
  // What the session says is set once; what later events or the buyer changed (state, account, browser) is kept.
  const sets = [
    'appId = if_not_exists(appId, :appId)',
    '#type = if_not_exists(#type, :type)',
    'amountTotal = if_not_exists(amountTotal, :amountTotal)',
    'currency = if_not_exists(currency, :currency)',
    'customerEmail = if_not_exists(customerEmail, :customerEmail)',
    'eventId = if_not_exists(eventId, :eventId)',
    'livemode = if_not_exists(livemode, :livemode)',
    'occurredAt = if_not_exists(occurredAt, :occurredAt)',
    'createdAt = if_not_exists(createdAt, :createdAt)',
    '#status = if_not_exists(#status, :paid)',
  ];
  const optional: [keyof CompletedCheckout, string][] = [
    ['userId', 'userId'],
    ['customerId', 'customerId'],
    ['paymentIntentId', 'paymentIntentId'],
    ['subscriptionId', 'subscriptionId'],
  ];
  for (const [field, attribute] of optional) {
    if (checkout[field] === undefined) continue;
    values[`:${attribute}`] = checkout[field];
    sets.push(`${attribute} = if_not_exists(${attribute}, :${attribute})`);
  }
  if (checkout.customerEmail) {
    values[':emailKey'] = emailKeyOf(checkout.customerEmail);
    sets.push('emailKey = if_not_exists(emailKey, :emailKey)');
  }
  if (checkout.type === 'services') {
    values[':active'] = 'active';
    sets.push('subscriptionStatus = if_not_exists(subscriptionStatus, :active)', 'subscriptionStatusAt = if_not_exists(subscriptionStatusAt, :occurredAt)');
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('purchases'),
        Key: { sessionId: checkout.sessionId },
        UpdateExpression: `SET ${sets.join(', ')}`,
        // An erased purchase was recorded before: a replay of its completion changes nothing (no address back).
        ConditionExpression: 'attribute_not_exists(erasedAt)',
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
        ExpressionAttributeValues: values,
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    // The old values of the attributes this update touched: an appId means the completion was recorded before.
    return typeof Attributes?.appId === 'string' ? 'duplicate' : 'recorded';
  } catch (error) {
    if (isConditionFailure(error)) return 'duplicate';
    throw error;
  }
}

export async function markRefunded(sessionId: string, reason: 'refund' | 'dispute', now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('purchases'),
      Key: { sessionId },
      UpdateExpression: 'SET #status = :refunded, refundedAt = if_not_exists(refundedAt, :now), refundReason = if_not_exists(refundReason, :reason)',
      // The purchase is recorded first (recordCheckout); an update never creates a row.
      ConditionExpression: 'attribute_exists(appId)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':refunded': 'refunded', ':now': now.toISOString(), ':reason': reason },
    }),
  );
}

export async function changeSubscription(sessionId: string, change: SubscriptionChange): Promise<'changed' | 'unchanged'> {
  const cancelling = change.status === 'cancelled';
  const changed = await conditionally(
    new UpdateCommand({
      TableName: tableName('purchases'),
      Key: { sessionId },
      UpdateExpression: 'SET subscriptionStatus = :status, subscriptionStatusAt = :at',
      // A cancellation is final and wins whenever it comes; any other state only follows a newer event.
      // Never on a purchase that is not recorded: an update never creates a row.
      ConditionExpression: cancelling
        ? 'attribute_exists(appId) AND (attribute_not_exists(subscriptionStatus) OR subscriptionStatus <> :cancelled)'
        : 'attribute_exists(appId) AND (attribute_not_exists(subscriptionStatus) OR subscriptionStatus <> :cancelled) AND (attribute_not_exists(subscriptionStatusAt) OR subscriptionStatusAt <= :at)',
      ExpressionAttributeValues: { ':status': change.status, ':at': change.at, ':cancelled': 'cancelled' },
    }),
  );
  return changed ? 'changed' : 'unchanged';
}

export async function noteFailedInvoice(sessionId: string, invoiceId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('purchases'),
      Key: { sessionId },
      // A string set: adding an invoice it holds changes nothing, so a replayed event adds it once.
      UpdateExpression: 'ADD failedInvoiceIds :invoice',
      ConditionExpression: 'attribute_exists(appId)',
      ExpressionAttributeValues: { ':invoice': new Set([invoiceId]) },
    }),
  );
}

export async function findPurchase(sessionId: string): Promise<Purchase | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('purchases'), Key: { sessionId }, ConsistentRead: true }));
  return isPurchase(Item) ? toPurchase(Item) : undefined;
}

/** The purchases under one key of an index, newest first. */
async function listByIndex(name: 'byUser' | 'byEmail', value: string): Promise<Purchase[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  // A buyer's purchases are few; the loop only guards against the 1 MB page limit.
  const index: IndexDef = tables.purchases.indexes.find((i) => i.name === name)!;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('purchases'),
        IndexName: index.name,
        KeyConditionExpression: '#key = :value',
        ExpressionAttributeNames: { '#key': index.partitionKey.name },
        ExpressionAttributeValues: { ':value': value },
        ScanIndexForward: false,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items.filter(isPurchase).map(toPurchase);
}

export async function listByUser(userId: string): Promise<Purchase[]> {
  return listByIndex('byUser', userId);
}

/** Sets a write-once attribute of a recorded purchase: 'set', 'already' (to this value) or 'other'. */
async function setOnce(sessionId: string, attribute: 'userId' | 'browserKeyHash', value: string): Promise<'set' | 'already' | 'other'> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('purchases'),
        Key: { sessionId },
        UpdateExpression: `SET ${attribute} = :value`,
        ConditionExpression: `attribute_exists(appId) AND (attribute_not_exists(${attribute}) OR ${attribute} = :value)`,
        ExpressionAttributeValues: { ':value': value },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return Attributes?.[attribute] === value ? 'already' : 'set';
  } catch (error) {
    if (isConditionFailure(error)) return 'other';
    throw error;
  }
}

export async function assignUser(sessionId: string, userId: string): Promise<'assigned' | 'already' | 'other'> {
  const outcome = await setOnce(sessionId, 'userId', userId);
  return outcome === 'set' ? 'assigned' : outcome;
}

export async function bindBrowser(sessionId: string, browserKeyHash: string): Promise<'bound' | 'already' | 'other'> {
  const outcome = await setOnce(sessionId, 'browserKeyHash', browserKeyHash);
  return outcome === 'set' ? 'bound' : outcome;
}

export async function countPromptRetrieval(sessionId: string, now: Date, limit: number, windowSeconds: number): Promise<boolean> {
  const table = tableName('purchases');
  const windowFloor = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  // Within the current window and under the limit: one more.
  const counted = await conditionally(
    new UpdateCommand({
      TableName: table,
      Key: { sessionId },
      UpdateExpression: 'SET promptCount = promptCount + :one',
      ConditionExpression: 'promptWindowStart > :floor AND promptCount < :limit',
      ExpressionAttributeValues: { ':one': 1, ':floor': windowFloor, ':limit': limit },
    }),
  );
  if (counted) return true;
  // No window yet, or the last one is over: a new one starts with this retrieval.
  return conditionally(
    new UpdateCommand({
      TableName: table,
      Key: { sessionId },
      UpdateExpression: 'SET promptWindowStart = :now, promptCount = :one',
      ConditionExpression: 'attribute_exists(appId) AND (attribute_not_exists(promptWindowStart) OR promptWindowStart <= :floor)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':one': 1, ':floor': windowFloor },
    }),
  );
}

/** The table as the domain's port. */
export const purchaseStore: PurchaseStore = {
  recordCompleted,
  markRefunded,
  changeSubscription,
  noteFailedInvoice,
  find: findPurchase,
  listByUser,
  assignUser,
  bindBrowser,
  countPromptRetrieval,
};

/** The table as a person's export and erasure see it (lambdas/domain/leads/person.ts). */
export const purchaseRecords: PersonPurchases = {
  listByEmail: (email) => listByIndex('byEmail', emailKeyOf(email)),
  listByUser,
  async pseudonymise(sessionId, at) {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('purchases'),
        Key: { sessionId },
        UpdateExpression: 'SET customerEmail = :none, erasedAt = if_not_exists(erasedAt, :at) REMOVE emailKey',
        // Never creates a row: a purchase gone meanwhile stays gone.
        ConditionExpression: 'attribute_exists(sessionId)',
        ExpressionAttributeValues: { ':none': null, ':at': at.toISOString() },
      }),
    ).catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  },
};
