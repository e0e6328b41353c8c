/**
 * The Cognito user-pool client, built once per container (AWS deployed, the local stand-in through
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally). Only functions whose FunctionDef has `userPool` use it.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { userPoolIdEnv } from '@shared/deployment/manifest';
import { callLimits } from './call-limits';

let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient(callLimits(3_000));
  return client;
}

export function resetCognito(): void {
  client = undefined;
}

/** The user pool this function may read (FunctionDef `userPool`). */
export function userPoolId(): string {
  const id = process.env[userPoolIdEnv];
  if (!id) throw new Error(`Environment variable ${userPoolIdEnv} is not set`);
  return id;
}
