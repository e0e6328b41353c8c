// Reference for `npm run bench:lambdas`: the smallest function that checks an upload in S3 and stores a DynamoDB item.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';

const s3 = new S3Client({});
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async (event: { key: string }) => {
  await s3.send(new HeadObjectCommand({ Bucket: 'uploads', Key: event.key }));
  return db.send(new PutCommand({ TableName: 'submissions', Item: { id: event.key } }));
};
