// Floor part of `npm run bench:lambdas` for @aws-sdk/client-secrets-manager: reading one secret.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const secrets = new SecretsManagerClient({});
export const use = (id: string) => secrets.send(new GetSecretValueCommand({ SecretId: id }));
