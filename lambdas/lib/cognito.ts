/**
 * The Cognito user pool client, built once per container. Deployed it reaches Cognito; locally cognito-local,
 * through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER. One module per client so a function bundles only the
 * clients it uses.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { userPoolIdEnv } from '@shared/deployment/manifest';
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

/** The user pool this function may administer (FunctionDef `userPool`: the staff console's erasure). */
export function userPoolId(): string {
  const id = process.env[userPoolIdEnv];
  if (!id) throw new Error(`Environment variable ${userPoolIdEnv} is not set`);
  return id;
}
