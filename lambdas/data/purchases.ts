/**
 * Data access for the `purchases` table: one row per completed Stripe Checkout session, keyed by its id.
 * The put is conditional, so a webhook Stripe delivers twice (or two concurrent deliveries) records once.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Purchase, PurchaseStore } from '../domain/marketplace/purchases';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

export async function recordPurchase(purchase: Purchase): Promise<'recorded' | 'duplicate'> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('purchases'),
        Item: { ...purchase },
        ConditionExpression: 'attribute_not_exists(sessionId)',
      }),
    );
    return 'recorded';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException') {
      return 'duplicate';
    }
    throw error;
  }
}

export async function findPurchase(sessionId: string): Promise<Purchase | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('purchases'), Key: { sessionId }, ConsistentRead: true }),
  );
  if (typeof Item?.sessionId !== 'string' || typeof Item.appId !== 'string') return undefined;
  return Item as Purchase;
}

/** The table as the domain's port. */
export const purchaseStore: PurchaseStore = { record: recordPurchase, find: findPurchase };
