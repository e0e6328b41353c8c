/**
 * All AWS clients at once, for tests and the local stack (which restart emulators or change endpoint
 * variables). Lambda code imports the one module it needs (./dynamo, ./s3, ./ses) instead, so that a function
 * bundles only the clients it uses.
 */
import { cognito, resetCognito } from './cognito';
import { dynamo, resetDynamo } from './dynamo';
import { lambdaClient, resetLambdaClient } from './lambda-client';
import { resetS3, s3 } from './s3';
import { resetSes, ses } from './ses';

export { cognito, dynamo, lambdaClient, s3, ses };

export function resetClients(): void {
  resetDynamo();
  resetS3();
  resetSes();
  resetLambdaClient();
  resetCognito();
}
