/** The SES v2 client, built once per container (AWS deployed, the emulator via AWS_ENDPOINT_URL_SESV2 locally). */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { callLimits } from './call-limits';

let client: SESv2Client | undefined;

export function ses(): SESv2Client {
  client ??= new SESv2Client(callLimits(5_000));
  return client;
}

export function resetSes(): void {
  client = undefined;
}
