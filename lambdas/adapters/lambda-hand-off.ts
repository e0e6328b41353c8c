/**
 * Handing a stored submission to the submissionDelivery function: an asynchronous invoke (`InvocationType:
 * 'Event'`), which Lambda queues and answers 202 at once, so the visitor's request never waits on a delivery.
 * Deployed, Lambda retries a failed run twice and then parks the event in the function's on-failure queue (alarmed);
 * locally the same call reaches the local stack's Lambda service through AWS_ENDPOINT_URL_LAMBDA.
 */
import { InvokeCommand } from '@aws-sdk/client-lambda';
import type { HandOff } from '../domain/submissions/engine';
import { physicalFunctionName } from '../lib/env';
import { lambdaClient } from '../lib/lambda-client';

/** The event the submissionDelivery function receives. */
export type SubmissionDeliveryEvent = HandOff;

export async function invokeSubmissionDelivery(ref: HandOff): Promise<void> {
  const event: SubmissionDeliveryEvent = { id: ref.id, version: ref.version };
  const out = await lambdaClient().send(
    new InvokeCommand({
      FunctionName: physicalFunctionName('submissionDelivery'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
  if (out.StatusCode !== 202) throw new Error(`Lambda answered ${out.StatusCode} to the asynchronous invoke`);
}
