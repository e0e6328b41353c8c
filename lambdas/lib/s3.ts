/** The S3 client, built once per container (AWS deployed, the emulator via AWS_ENDPOINT_URL_S3 locally). */
import { S3Client } from '@aws-sdk/client-s3';
import { callLimits } from './call-limits';

let client: S3Client | undefined;

export function s3(): S3Client {
  // Path-style addressing is what the local S3 stand-in understands; AWS accepts it too.
  // 5 s an attempt: a server-side copy of the largest upload answers well within it.
  client ??= new S3Client({ ...callLimits(5_000), forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
  return client;
}

export function resetS3(): void {
  client = undefined;
}
