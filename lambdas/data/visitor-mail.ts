/**
 * Data access for the `visitorMail` table (shared/deployment/manifest/storage.ts): the counters of the stage's caps
 * on visitor mail (`mailBudget`), and the addresses SES reported as bounced or complaining (`suppressedAddresses`,
 * read by the delivery functions; `addressSuppression`, written by the mailFeedback function), each by a hash.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailBudget, SuppressedAddresses } from '../domain/submissions/visitor-mail';
import type { AddressSuppression } from '../domain/submissions/mail-feedback';
import { dynamo } from '../lib/dynamo';
import { tableName } from '../lib/env';

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';

export const mailBudget: MailBudget = {
  async take(counters) {
    for (const [i, counter] of counters.entries()) {
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName('visitorMail'),
            Key: { key: counter.key },
            // One conditional write: two senders at once cannot both take the last mail of a window. The counter's
            // item is created by its window's first mail (a counter, not a row anyone updates by accident).
            UpdateExpression: 'ADD sent :one SET expiresAt = if_not_exists(expiresAt, :expires)',
            ConditionExpression: 'attribute_not_exists(sent) OR sent < :cap',
            ExpressionAttributeValues: { ':one': 1, ':cap': counter.cap, ':expires': counter.expiresAt },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // A skipped mail counts against no cap: the counters before this one give back what they took.
        await Promise.all(
          counters.slice(0, i).map((taken) =>
            dynamo().send(new UpdateCommand({ TableName: tableName('visitorMail'), Key: { key: taken.key }, UpdateExpression: 'ADD sent :minus', ExpressionAttributeValues: { ':minus': -1 } })),
          ),
        );
        return counter.key;
      }
    }
    return undefined;
  },
};

const suppressionKey = (addressKey: string) => `suppressed#${addressKey}`;

export const suppressedAddresses: SuppressedAddresses = {
  async reasonFor(addressKey) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('visitorMail'), Key: { key: suppressionKey(addressKey) }, ConsistentRead: true }));
    return typeof Item?.reason === 'string' ? Item.reason : undefined;
  },
};

export const addressSuppression: AddressSuppression = {
  async suppress(addressKey, reason, at) {
    // The first report stays (a complaint after a bounce changes nothing that matters); no expiry: SES's reasons last.
    await dynamo()
      .send(
        new PutCommand({
          TableName: tableName('visitorMail'),
          Item: { key: suppressionKey(addressKey), reason, at: at.toISOString() },
          ConditionExpression: 'attribute_not_exists(#key)',
          ExpressionAttributeNames: { '#key': 'key' },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  },
};
