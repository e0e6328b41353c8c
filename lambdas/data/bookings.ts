/**
 * Data access for the `bookings` table (its item types: shared/deployment/manifest/storage.ts `tables.bookings`):
 * the booking rules' store and the private feeds, in the parts each function uses. Every write is one conditional
 * write of one item, so booking works the same on DynamoDB and on the local stand-in (which has no transactions).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Availability } from '@shared/contract/bookings';
import type { BookingErasure, BookingReader, BookingRecord, BookingStore, FeedStore } from '../domain/bookings/ports';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

const table = () => tableName('bookings');
const bookingKey = (requestId: string) => `request#${requestId}`;
/** The `calendar` index's one partition: a calendar of demos holds a few writes an hour. */
const CALENDAR = 'all';
/** A claim outlives its meeting by a day, then the table's TTL deletes it. */
const CLAIM_KEPT_SECONDS = 86_400;

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

/** A conditional write: true when it was made, false when its condition failed. */
async function conditional(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

function withoutKeys(item: Record<string, unknown>): BookingRecord {
  const { pk: _pk, calendar: _c, calendarKey: _ck, ...record } = item;
  return record as unknown as BookingRecord;
}

async function getBooking(requestId: string): Promise<BookingRecord | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: { pk: bookingKey(requestId) }, ConsistentRead: true }));
  return out.Item ? withoutKeys(out.Item) : undefined;
}

function putBooking(...[record, expectedVersion]: Parameters<BookingStore['put']>): Promise<boolean> {
  return conditional(
    dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: { ...record, pk: bookingKey(record.requestId), calendar: CALENDAR, calendarKey: `${record.start}#${record.requestId}` },
        ...(expectedVersion === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } }),
      }),
    ),
  );
}

function claimSeat(...[key, requestId, until, now]: Parameters<BookingStore['claim']>): Promise<boolean> {
  return conditional(
    dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: { pk: key, requestId, until, expiresAt: until + CLAIM_KEPT_SECONDS },
        // Free, or left by a meeting that is over, or already this request's (a retry, or a move within a seat).
        ConditionExpression: 'attribute_not_exists(pk) OR #until < :now OR requestId = :me',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':now': now, ':me': requestId },
      }),
    ),
  );
}

/**
 * Gives a seat back: its `until` set to 0, so the next claim finds it free; the table's TTL deletes it later. An
 * update, not a delete: the public booking function holds no DeleteItem (test/infra/least-privilege.test.ts).
 */
async function releaseSeat(key: string, requestId: string): Promise<void> {
  await conditional(
    dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: key },
        UpdateExpression: 'SET #until = :free',
        // A seat taken over by another request is left alone; a missing one is not created.
        ConditionExpression: 'requestId = :me',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':me': requestId, ':free': 0 },
      }),
    ),
  );
}

function countChange(...[key, cap, expiresAt]: Parameters<BookingStore['count']>): Promise<boolean> {
  return conditional(
    dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: key },
        UpdateExpression: 'ADD #n :one SET expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#n) OR #n < :cap',
        ExpressionAttributeNames: { '#n': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':expires': expiresAt },
      }),
    ),
  );
}

async function bookingsBetween(from: string, to: string): Promise<BookingRecord[]> {
  const found: BookingRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'calendar',
        KeyConditionExpression: '#cal = :all AND #key BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#cal': 'calendar', '#key': 'calendarKey' },
        // `to` is exclusive: every key of a start before it sorts below `to` itself.
        ExpressionAttributeValues: { ':all': CALENDAR, ':from': from, ':to': to },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    found.push(...(out.Items ?? []).map(withoutKeys).filter((b) => b.start < to));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return found;
}

async function getAvailability(): ReturnType<BookingStore['availability']> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: { pk: 'availability' }, ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { pk: _pk, ...stored } = out.Item;
  return stored as Availability & { updatedAt: string; updatedBy: string };
}

async function saveAvailability(...[availability, by, at]: Parameters<BookingStore['saveAvailability']>): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: { ...availability, pk: 'availability', updatedAt: at.toISOString(), updatedBy: by } }));
}

// Each part names its functions one by one, so a bundle keeps only the calls of the parts it uses (and its role
// only those DynamoDB actions: test/infra/least-privilege.test.ts).

/** The booking rules' whole store (the visitor's booking page and the staff's calendar). */
export const bookingsTable: BookingStore = {
  get: getBooking,
  put: putBooking,
  claim: claimSeat,
  count: countChange,
  release: releaseSeat,
  between: bookingsBetween,
  availability: getAvailability,
  saveAvailability,
};

/** What a booking's mails read when they go (the delivering functions): the booking and the availability. */
export const bookingReader: BookingReader = { get: getBooking, availability: getAvailability };

/** What the private calendar feed reads: the calendar. */
export const bookingCalendar: Pick<BookingStore, 'between'> = { between: bookingsBetween };

/** A person's erasure (staff only): their booking read, then deleted with its seats (the address's is a hash of it). */
export const bookingErasure: BookingErasure = {
  get: getBooking,

  async erase(b) {
    for (const seat of [...b.seats, b.emailSeat]) {
      await conditional(
        dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: seat }, ConditionExpression: 'requestId = :me', ExpressionAttributeValues: { ':me': b.requestId } })),
      );
    }
    await dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: bookingKey(b.requestId) } }));
  },
};

async function feedOwner(tokenHash: string): Promise<string | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: table(), Key: { pk: `feed#${tokenHash}` }, ConsistentRead: true }));
  return out.Item?.sub as string | undefined;
}

/** The private feed's one read: whose token it is. */
export const feedOwners: Pick<FeedStore, 'ownerOf'> = { ownerOf: feedOwner };

export const calendarFeeds: FeedStore = {
  async replace(sub, tokenHash, at) {
    const owner = await dynamo().send(new GetCommand({ TableName: table(), Key: { pk: `feedOwner#${sub}` }, ConsistentRead: true }));
    await dynamo().send(new PutCommand({ TableName: table(), Item: { pk: `feed#${tokenHash}`, sub, createdAt: at.toISOString() } }));
    await dynamo().send(new PutCommand({ TableName: table(), Item: { pk: `feedOwner#${sub}`, tokenHash, createdAt: at.toISOString() } }));
    const old = owner.Item?.tokenHash as string | undefined;
    if (old && old !== tokenHash) await dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: `feed#${old}` } }));
  },

  async revoke(sub) {
    const owner = await dynamo().send(new GetCommand({ TableName: table(), Key: { pk: `feedOwner#${sub}` }, ConsistentRead: true }));
    const old = owner.Item?.tokenHash as string | undefined;
    if (old) await dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: `feed#${old}` } }));
    await dynamo().send(new DeleteCommand({ TableName: table(), Key: { pk: `feedOwner#${sub}` } }));
  },

  ownerOf: feedOwner,

  async hasFeed(sub) {
    const out = await dynamo().send(new GetCommand({ TableName: table(), Key: { pk: `feedOwner#${sub}` }, ConsistentRead: true }));
    return out.Item !== undefined;
  },
};
