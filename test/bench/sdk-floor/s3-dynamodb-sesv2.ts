// Reference for `npm run bench:lambdas`: as s3-dynamodb.ts, then one SESv2 mail (what a submission function does).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';

const s3 = new S3Client({});
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const ses = new SESv2Client({});
export const handler = async (event: { key: string }) => {
  await s3.send(new HeadObjectCommand({ Bucket: 'uploads', Key: event.key }));
  await db.send(new PutCommand({ TableName: 'submissions', Item: { id: event.key } }));
  return ses.send(new SendEmailCommand({ Destination: { ToAddresses: ['a@example.com'] }, Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 'b' } } } } }));
};
