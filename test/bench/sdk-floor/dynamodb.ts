// Reference for `npm run bench:lambdas`: the smallest function that writes one DynamoDB item (no validation, no logger).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async (event: { id: string }) => db.send(new PutCommand({ TableName: 'submissions', Item: { id: event.id } }));
