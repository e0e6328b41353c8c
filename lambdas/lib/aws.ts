/**
 * The AWS SDK v3 clients, built once per container. Deployed they reach AWS; locally the same code reaches the
 * emulators because the local stack sets AWS_ENDPOINT_URL_DYNAMODB / _S3 / _SESV2 / _COGNITO_IDENTITY_PROVIDER.
 * Clients are created lazily so a function only pays for the ones it uses.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';

let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let sesClient: SESv2Client | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function s3(): S3Client {
  // Path-style addressing is what the local S3 stand-in understands; AWS accepts it too.
  s3Client ??= new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
  return s3Client;
}

export function ses(): SESv2Client {
  sesClient ??= new SESv2Client({});
  return sesClient;
}

/** For tests that restart an emulator or change endpoint variables. */
export function resetClients(): void {
  documentClient = undefined;
  s3Client = undefined;
  sesClient = undefined;
}
