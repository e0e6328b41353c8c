// Floor part of `npm run bench:lambdas` for @aws-sdk/client-cognito-identity-provider: reading the caller's attributes.
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';

const cognito = new CognitoIdentityProviderClient({});
export const use = (accessToken: string) => cognito.send(new GetUserCommand({ AccessToken: accessToken }));
