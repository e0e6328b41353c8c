// Floor part of `npm run bench:lambdas` for @aws-sdk/client-dynamodb: the low-level client reading one item.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';

const db = new DynamoDBClient({});
export const use = (id: string) => db.send(new GetItemCommand({ TableName: 'floor', Key: { id: { S: id } } }));
