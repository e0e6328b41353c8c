/**
 * Data access for the `profiles` table: one row per account, `id` = the Cognito sub.
 * Every write is conditional: a replayed trigger or a racing request never overwrites what exists, and an update
 * never creates a row (the post-confirmation trigger alone creates them).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '@shared/contract/schemas/profile';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';
import type { ProfileCreation, ProfileStore } from '../domain/accounts/profile';
import type { ProfileRecords } from '../domain/leads/ports';

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

function isProfile(item: Record<string, unknown> | undefined): item is Record<string, unknown> & Profile {
  return typeof item?.id === 'string' && typeof item.username === 'string' && typeof item.created_at === 'string';
}

export async function getProfile(id: string): Promise<Profile | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('profiles'), Key: { id }, ConsistentRead: true }),
  );
  if (!isProfile(Item)) return undefined;
  return { id: Item.id, username: Item.username, created_at: Item.created_at };
}

/** Creates the row unless it exists; answers whether this call created it. */
async function createProfileIfAbsent(profile: Profile): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('profiles'),
        Item: { id: profile.id, username: profile.username, created_at: profile.created_at },
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Sets the username of an existing row (`created_at` kept); undefined when there is none, and nothing is written. */
export async function updateUsername(id: string, username: string): Promise<Profile | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('profiles'),
        Key: { id },
        UpdateExpression: 'SET username = :username',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeValues: { ':username': username },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (!isProfile(Attributes)) throw new Error(`profiles row ${id} is malformed after update`);
    return { id: Attributes.id, username: Attributes.username, created_at: Attributes.created_at };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** The table as the signed-in user's profile sees it. */
export const profileStore: ProfileStore = { get: getProfile, updateUsername };

/** The table as the post-confirmation trigger sees it. */
export const profileCreation: ProfileCreation = { createIfAbsent: createProfileIfAbsent };

/** The table as a person's erasure sees it (lambdas/domain/leads/person.ts). */
export const profileRecords: ProfileRecords = {
  get: getProfile,
  async remove(id) {
    await dynamo().send(new DeleteCommand({ TableName: tableName('profiles'), Key: { id } }));
  },
};
