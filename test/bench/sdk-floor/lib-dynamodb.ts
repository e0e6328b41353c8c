// Floor part of `npm run bench:lambdas` for @aws-sdk/lib-dynamodb: the document client writing one item.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const use = (id: string) => db.send(new PutCommand({ TableName: 'floor', Item: { id } }));
