/**
 * The local user pool and app client, configured from `userPool` in shared/deployment/manifest.ts as the CDK stack
 * configures the deployed ones. Found again on every start (by id, else by name) and brought up to date.
 */
import { resourceName, userPool } from '@shared/deployment/manifest';
import { localStage } from '../lambda-env';
import { type CognitoService, type CognitoContext } from '../patches/cognito-local';

const localPoolName = resourceName(localStage, 'users');
const localClientName = resourceName(localStage, 'web');

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

type Call = <T>(target: string, request: Record<string, unknown>) => Promise<T>;

export async function ensurePool(
  cognito: CognitoService,
  ctx: CognitoContext,
  call: Call,
  known: Partial<PoolIds>,
): Promise<PoolIds> {
  const policy = userPool.passwordPolicy;
  const poolSettings = {
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    Policies: {
      PasswordPolicy: {
        MinimumLength: policy.minLength,
        RequireLowercase: policy.requireLowercase,
        RequireUppercase: policy.requireUppercase,
        RequireNumbers: policy.requireDigits,
        RequireSymbols: policy.requireSymbols,
        TemporaryPasswordValidityDays: 7,
      },
    },
    AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    // Optional: cognito-local then asks for the TOTP code exactly of the users who enabled it, as Cognito does.
    MfaConfiguration: userPool.mfa.pool === 'optional' ? 'OPTIONAL' : 'ON',
  };
  const pools = await cognito.listUserPools(ctx);
  const existing = pools.find((p) => p.Id === known.userPoolId) ?? pools.find((p) => p.Name === localPoolName);
  let userPoolId: string;
  if (existing?.Id) {
    // Settings from shared/deployment/manifest.ts may have changed since the pool was created (e.g. the password policy).
    const service = await cognito.getUserPool(ctx, existing.Id);
    await service.updateOptions(ctx, { ...service.options, ...poolSettings });
    userPoolId = existing.Id;
  } else {
    const created = await call<{ UserPool: { Id: string } }>('CreateUserPool', {
      PoolName: localPoolName,
      ...poolSettings,
      Schema: [
        { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
        { Name: userPool.usernameAttribute, AttributeDataType: 'String', Required: false, Mutable: true },
      ],
    });
    userPoolId = created.UserPool.Id;
  }
  await ensureGroups(call, userPoolId);
  const clients = await cognito.listAppClients(ctx, userPoolId);
  const client = clients.find((c) => c.ClientId === known.userPoolClientId) ?? clients.find((c) => c.ClientName === localClientName);
  if (client) return { userPoolId, userPoolClientId: client.ClientId };
  const created = await call<{ UserPoolClient: { ClientId: string } }>('CreateUserPoolClient', {
    UserPoolId: userPoolId,
    ClientName: localClientName,
    GenerateSecret: false,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    AccessTokenValidity: userPool.accessTokenMinutes,
    IdTokenValidity: userPool.accessTokenMinutes,
    RefreshTokenValidity: userPool.refreshTokenDays,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    EnableTokenRevocation: true,
    PreventUserExistenceErrors: 'ENABLED',
  });
  return { userPoolId, userPoolClientId: created.UserPoolClient.ClientId };
}

/** The groups of shared/deployment/manifest.ts `userPool.groups` (the staff group), as the CDK stack creates them. */
async function ensureGroups(call: Call, userPoolId: string): Promise<void> {
  const { Groups: existing = [] } = await call<{ Groups?: { GroupName?: string }[] }>('ListGroups', { UserPoolId: userPoolId });
  for (const [GroupName, group] of Object.entries(userPool.groups)) {
    if (existing.some((g) => g.GroupName === GroupName)) continue;
    await call('CreateGroup', { UserPoolId: userPoolId, GroupName, Description: group.description });
  }
}
