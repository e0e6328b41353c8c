/**
 * The Cognito user pool client, built once per container. Deployed it reaches Cognito; locally cognito-local,
 * through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER. One module per client so a function bundles only the
 * clients it uses.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { callLimits } from './call-limits';

let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  // A user lookup answers in milliseconds; the caller goes on without it when Cognito is slow.
  client ??= new CognitoIdentityProviderClient(callLimits(3_000, 2));
  return client;
}

export function resetCognito(): void {
  client = undefined;
}
