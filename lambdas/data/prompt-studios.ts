/**
 * Data access for the `promptStudios` table (shared/deployment/manifest/storage.ts): per purchase (the partition,
 * its Checkout session id), one `studio` item and one item per version (`v#` and the number, zero-padded so the
 * items sort by number). Answers are stored as JSON text: a half-filled form is kept exactly as typed, whatever
 * keys or values it holds.
 *
 * A version is written with `attribute_not_exists`: its number is one more than the latest read, and a save that
 * lost a race to the same number reads again and takes the next. The limits are counted on the studio item with the
 * same two conditional updates as the prompt retrievals on a purchase.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { StudioAppId } from '@shared/contract/schemas/prompt-studio/answers';
import type { VersionSummary } from '@shared/contract/schemas/prompt-studio/requests';
import type { StoredVersion, StudioLimit, StudioRecord, StudioRecords, StudioStore } from '../domain/prompt-studio/ports';
import { batchWriteAll, dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

const STUDIO = 'studio';
const VERSION_PREFIX = 'v#';
const versionItem = (n: number) => `${VERSION_PREFIX}${String(n).padStart(8, '0')}`;
/** Tries at taking the next number when other saves of the same purchase take it first. */
const MAX_NUMBER_ATTEMPTS = 5;

const table = () => tableName('promptStudios');

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

async function conditionally(command: UpdateCommand | PutCommand): Promise<boolean> {
  try {
    await (command instanceof PutCommand ? dynamo().send(command) : dynamo().send(command));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const parse = (json: unknown): unknown => (typeof json === 'string' ? JSON.parse(json) : undefined);

function toRecord(item: Record<string, unknown>): StudioRecord {
  return {
    sessionId: item.sessionId as string,
    appId: item.appId as StudioAppId,
    ...(typeof item.draftJson === 'string' ? { draft: parse(item.draftJson), draftKeptAt: item.draftKeptAt as string } : {}),
    ...(item.lastFailure ? { lastFailure: item.lastFailure as StudioRecord['lastFailure'] & object } : {}),
    ...(typeof item.failures === 'number' ? { failures: item.failures } : {}),
  };
}

function toSummary(item: Record<string, unknown>): VersionSummary {
  return {
    number: item.number as number,
    createdAt: item.createdAt as string,
    source: item.source as VersionSummary['source'],
    ...(typeof item.basedOn === 'number' ? { basedOn: item.basedOn } : {}),
    characters: item.characters as number,
  };
}

function toVersion(item: Record<string, unknown>): StoredVersion {
  const answers = parse(item.answersJson);
  return { ...toSummary(item), text: item.text as string, ...(answers ? { answers: answers as StoredVersion['answers'] } : {}) };
}

/** Every item of a query, page after page. */
async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ TableName: table(), ...input, ...(start ? { ExclusiveStartKey: start } : {}) }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

const versionsOf = (sessionId: string) => ({
  KeyConditionExpression: 'sessionId = :s AND begins_with(#item, :v)',
  ExpressionAttributeNames: { '#item': 'item' },
  ExpressionAttributeValues: { ':s': sessionId, ':v': VERSION_PREFIX },
});

export async function latestVersion(sessionId: string): Promise<StoredVersion | undefined> {
  const out = await dynamo().send(new QueryCommand({ TableName: table(), ...versionsOf(sessionId), ScanIndexForward: false, Limit: 1, ConsistentRead: true }));
  const item = out.Items?.[0];
  return item ? toVersion(item) : undefined;
}

export const getStudio: StudioStore['get'] = async (sessionId) => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { sessionId, item: STUDIO }, ConsistentRead: true }));
  return Item && typeof Item.appId === 'string' ? toRecord(Item) : undefined;
};

export const keepDraft: StudioStore['keepDraft'] = async (sessionId, appId, answers, at) => {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { sessionId, item: STUDIO },
      UpdateExpression: 'SET appId = if_not_exists(appId, :appId), draftJson = :draft, draftKeptAt = :at',
      ExpressionAttributeValues: { ':appId': appId, ':draft': JSON.stringify(answers), ':at': at.toISOString() },
    }),
  );
};

export const countUse: StudioStore['count'] = async (sessionId, appId, limit: StudioLimit, now, max, windowSeconds) => {
  const start = `${limit}WindowStart`;
  const count = `${limit}Count`;
  const floor = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const key = { sessionId, item: STUDIO };
  const counted = await conditionally(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET #count = #count + :one',
      ConditionExpression: '#start > :floor AND #count < :max',
      ExpressionAttributeNames: { '#start': start, '#count': count },
      ExpressionAttributeValues: { ':one': 1, ':floor': floor, ':max': max },
    }),
  );
  if (counted) return true;
  // No window yet, or the last one is over: a new one starts with this use.
  return conditionally(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET appId = if_not_exists(appId, :appId), #start = :now, #count = :one',
      ConditionExpression: 'attribute_not_exists(#start) OR #start <= :floor',
      ExpressionAttributeNames: { '#start': start, '#count': count },
      ExpressionAttributeValues: { ':appId': appId, ':now': now.toISOString(), ':one': 1, ':floor': floor },
    }),
  );
};

export const listVersions: StudioStore['listVersions'] = async (sessionId) => {
  const items = await queryAll({
    ...versionsOf(sessionId),
    ExpressionAttributeNames: { '#item': 'item', '#number': 'number', '#source': 'source' },
    ProjectionExpression: '#number, createdAt, #source, basedOn, characters',
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  return items.map(toSummary);
};

export const getVersion: StudioStore['getVersion'] = async (sessionId, number) => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { sessionId, item: versionItem(number) }, ConsistentRead: true }));
  return Item ? toVersion(Item) : undefined;
};


export const addVersion: StudioStore['addVersion'] = async (sessionId, appId, v) => {
  for (let attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt++) {
    const number = ((await latestVersion(sessionId))?.number ?? 0) + 1;
    const stored: StoredVersion = {
      number,
      createdAt: v.createdAt,
      source: v.source,
      ...(v.basedOn !== undefined ? { basedOn: v.basedOn } : {}),
      characters: v.text.length,
      text: v.text,
      ...(v.answers !== undefined ? { answers: v.answers as StoredVersion['answers'] } : {}),
    };
    const written = await conditionally(
      new PutCommand({
        TableName: table(),
        Item: {
          sessionId,
          item: versionItem(number),
          appId,
          number,
          createdAt: stored.createdAt,
          source: stored.source,
          ...(stored.basedOn !== undefined ? { basedOn: stored.basedOn } : {}),
          characters: stored.characters,
          text: stored.text,
          ...(v.answers !== undefined ? { answersJson: JSON.stringify(v.answers) } : {}),
        },
        ConditionExpression: 'attribute_not_exists(#item)',
        ExpressionAttributeNames: { '#item': 'item' },
      }),
    );
    if (written) return stored;
  }
  throw new Error(`Could not number a new prompt version of ${sessionId} after ${MAX_NUMBER_ATTEMPTS} attempts`);
};

export const noteFailure: StudioStore['noteFailure'] = async (sessionId, appId, failure) => {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { sessionId, item: STUDIO },
      UpdateExpression: 'SET appId = if_not_exists(appId, :appId), lastFailure = :failure ADD failures :one',
      ExpressionAttributeValues: { ':appId': appId, ':failure': failure, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.failures ?? 1);
};

export const everything: StudioRecords['everything'] = async (sessionId) => {
  const items = await queryAll({ KeyConditionExpression: 'sessionId = :s', ExpressionAttributeValues: { ':s': sessionId }, ConsistentRead: true });
  const studio = items.find((i) => i.item === STUDIO);
  const versions = items.filter((i) => String(i.item).startsWith(VERSION_PREFIX)).map(toVersion);
  if (!studio && versions.length === 0) return undefined;
  return { studio: studio ? toRecord(studio) : { sessionId, appId: (items[0]?.appId ?? '') as StudioAppId }, versions };
};

export const removeStudio: StudioRecords['remove'] = async (sessionId) => {
  const keys = await queryAll({
    KeyConditionExpression: 'sessionId = :s',
    ExpressionAttributeNames: { '#item': 'item' },
    ExpressionAttributeValues: { ':s': sessionId },
    ProjectionExpression: 'sessionId, #item',
    ConsistentRead: true,
  });
  await batchWriteAll(dynamo(), table(), keys.map((k) => ({ DeleteRequest: { Key: { sessionId: k.sessionId, item: k.item } } })));
  return keys.length;
};

/** The table as the prompt studio sees it. (Get prompt imports `latestVersion` alone: a bundle holds only what it calls.) */
export const promptStudiosTable: StudioStore = { get: getStudio, keepDraft, count: countUse, listVersions, getVersion, latestVersion, addVersion, noteFailure };

/** The table as a person's export and erasure see it. */
export const studioRecords: StudioRecords = { everything, remove: removeStudio };
