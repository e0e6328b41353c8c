/**
 * The API and its functions as deployed: every route of shared/deployment/manifest.ts with the authorizer exactly where the
 * route is for signed-in users, per-route throttling, access logs; each function built as the issue says and
 * its role reaching exactly what its FunctionDef names.
 */
import { describe, expect, it } from 'vitest';
import { functions, invokableBy, resourceName, deployedRoutes, secretArnEnvName, tableActions, userPool, type FunctionDef, type FunctionName, type DeployedRouteDef, type TableAccess, type TableName } from '@shared/deployment/manifest';
import { secretNames, settings, type SecretName, type SettingName } from '@shared/deployment/settings';
import { bucketPhysicalName } from '../../infra/lib/names';
import { localOnlySettings } from '../../infra/stages';
import { dig, logicalIdOf, resourcesOf, synthStage, type Resources } from './synth';

const dev = synthStage('dev');
const routeEntries = Object.entries(deployedRoutes) as [string, DeployedRouteDef][];
const functionNames = Object.keys(functions) as FunctionName[];
/** How a stage secret shows in a template: its construct path (infra/constructs/app-secret.ts) in its logical id. */
const secretIdPart: Record<SecretName, string> = { stripe: 'AppSecretStripe', webhookSigning: 'AppSecretWebhookSigning', bookingLinks: 'AppSecretBookingLinks' };

describe('routes', () => {
  const deployed = Object.values(resourcesOf(dev.stateless, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties as Record<string, unknown>);
  const authorizers = resourcesOf(dev.stateless, 'AWS::ApiGatewayV2::Authorizer');

  it('deploys every route of shared/deployment/manifest.ts, and nothing else', () => {
    expect(deployed.map((r) => r.RouteKey).sort()).toEqual(routeEntries.map(([, r]) => `${r.method} ${r.path}`).sort());
  });

  it('puts the Cognito JWT authorizer on every signed-in route and on no public one', () => {
    const [authorizerId] = Object.keys(authorizers);
    expect(Object.keys(authorizers)).toHaveLength(1);
    const actual = routeEntries.map(([name, route]) => {
      const r = deployed.find((d) => d.RouteKey === `${route.method} ${route.path}`)!;
      return [name, r.AuthorizationType, r.AuthorizerId ?? null];
    });
    const expected = routeEntries.map(([name, route]) =>
      route.access === 'public' ? [name, 'NONE', null] : [name, 'JWT', { Ref: authorizerId }],
    );
    expect(actual).toEqual(expected);
    expect(routeEntries.some(([, r]) => r.access === 'user')).toBe(true);
    expect(routeEntries.some(([, r]) => r.access === 'staff')).toBe(true);
  });

  it('the authorizer accepts only access tokens of this stage’s pool and web client', () => {
    const props = Object.values(authorizers)[0]!.Properties;
    expect(dig(props, 'AuthorizerType')).toBe('JWT');
    expect(dig(props, 'IdentitySource')).toEqual(['$request.header.Authorization']);
    const pool = logicalIdOf(dev.stacks.stateful.accounts.pool);
    const client = logicalIdOf(dev.stacks.stateful.accounts.client);
    expect(JSON.stringify(dig(props, 'JwtConfiguration', 'Issuer'))).toMatch(new RegExp(`https://cognito-idp\\.${dev.config.region}\\.amazonaws\\.com/.*${pool}`));
    expect(JSON.stringify(dig(props, 'JwtConfiguration', 'Audience'))).toContain(client);
  });

  it('requires the access tokens’ scope on every signed-in route, so an ID token of the same pool and client is refused', () => {
    const props = Object.values(authorizers)[0]!.Properties;
    const issuer = dig(props, 'JwtConfiguration', 'Issuer');
    const audience = dig(props, 'JwtConfiguration', 'Audience') as unknown[];
    /**
     * API Gateway's JWT authorizer as AWS documents it (HTTP APIs, "Controlling access with JWT authorizers"): `iss`
     * must be the issuer, `aud` or `client_id` one of the audience, and on a route with authorization scopes the
     * token's `scope` must hold one of them. The template's own values stand for this stage's pool and client.
     */
    const accepts = (claims: Record<string, unknown>, routeScopes: unknown) => {
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      if (!same(claims.iss, issuer)) return false;
      if (!audience.some((a) => same(a, claims.aud) || same(a, claims.client_id))) return false;
      const scopes = (routeScopes as string[] | undefined) ?? [];
      return scopes.length === 0 || String(claims.scope ?? '').split(' ').some((s) => scopes.includes(s));
    };
    const idToken = { iss: issuer, aud: audience[0], token_use: 'id', sub: 'ann', 'cognito:groups': ['staff'] };
    const accessToken = { iss: issuer, client_id: audience[0], token_use: 'access', sub: 'ann', scope: userPool.signedInScope };
    for (const [name, route] of routeEntries.filter(([, r]) => r.access !== 'public')) {
      const r = deployed.find((d) => d.RouteKey === `${route.method} ${route.path}`)!;
      expect(r.AuthorizationScopes, name).toEqual([userPool.signedInScope]);
      expect(accepts(idToken, r.AuthorizationScopes), `${name}: ID token`).toBe(false);
      expect(accepts(accessToken, r.AuthorizationScopes), `${name}: access token`).toBe(true);
    }
    // Without the scopes, the authorizer alone lets the ID token through (what this test guards against).
    expect(accepts(idToken, undefined)).toBe(true);
  });

  it('throttles each route at its own rate and burst', () => {
    const [stage] = Object.values(resourcesOf(dev.stateless, 'AWS::ApiGatewayV2::Stage'));
    const settingsByRoute = dig(stage!.Properties, 'RouteSettings') as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    for (const [name, route] of routeEntries) {
      expect(settingsByRoute[`${route.method} ${route.path}`], name).toEqual({
        ThrottlingRateLimit: route.throttle.rate,
        ThrottlingBurstLimit: route.throttle.burst,
      });
    }
    expect(dig(stage!.Properties, 'StageName')).toBe('$default');
    expect(dig(stage!.Properties, 'AutoDeploy')).toBe(true);
    expect(dig(stage!.Properties, 'DefaultRouteSettings', 'ThrottlingRateLimit')).toBeGreaterThan(0);
  });

  it('writes one JSON access-log line per request to a log group with retention', () => {
    const [stage] = Object.values(resourcesOf(dev.stateless, 'AWS::ApiGatewayV2::Stage'));
    const format = JSON.parse(dig(stage!.Properties, 'AccessLogSettings', 'Format') as string) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', routeKey: '$context.routeKey' });
    const destination = dig(stage!.Properties, 'AccessLogSettings', 'DestinationArn') as { 'Fn::GetAtt': [string, string] };
    const logGroup = resourcesOf(dev.stateless)[destination['Fn::GetAtt'][0]]!;
    expect(dig(logGroup.Properties, 'RetentionInDays')).toBe(14);
  });

  it('has no CORS: browsers reach it same-origin through the site, any other origin is refused', () => {
    const [api] = Object.values(resourcesOf(dev.edge, 'AWS::ApiGatewayV2::Api'));
    expect(dig(api!.Properties, 'ProtocolType')).toBe('HTTP');
    expect(dig(api!.Properties, 'CorsConfiguration')).toBeUndefined();
  });
});

/** Every deployed function of the stage, by FunctionDef name. */
function deployedFunctions(s = dev) {
  const found = new Map<FunctionName, { template: Resources; id: string; props: Record<string, unknown> }>();
  for (const template of [s.stateful, s.stateless]) {
    const all = resourcesOf(template);
    for (const [id, r] of Object.entries(all)) {
      if (r.Type !== 'AWS::Lambda::Function') continue;
      const name = functionNames.find((n) => dig(r.Properties, 'FunctionName') === resourceName(s.config.name, n));
      if (!name) continue;
      expect(found.has(name), `${name} deployed twice`).toBe(false);
      found.set(name, { template: all, id, props: r.Properties! });
    }
  }
  return found;
}

describe('functions', () => {
  const deployed = deployedFunctions();

  it('deploys each FunctionDef exactly once', () => {
    expect([...deployed.keys()].sort()).toEqual([...functionNames].sort());
  });

  it('runs each on nodejs22.x, arm64, traced, with the memory and timeout of its definition', () => {
    for (const [name, { props }] of deployed) {
      const def: FunctionDef = functions[name];
      expect(props, name).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: def.memoryMb,
        Timeout: def.timeoutSeconds,
        TracingConfig: { Mode: 'Active' },
      });
    }
  });

  it('logs to its own log group with the stage’s retention, as a named Powertools service', () => {
    for (const [name, { template, props }] of deployed) {
      const logGroupId = (dig(props, 'LoggingConfig', 'LogGroup') as { Ref: string }).Ref;
      expect(dig(template[logGroupId]!.Properties, 'LogGroupName'), name).toBe(`/aws/lambda/${resourceName('dev', name)}`);
      expect(dig(template[logGroupId]!.Properties, 'RetentionInDays'), name).toBe(14);
      expect(dig(props, 'Environment', 'Variables', 'POWERTOOLS_SERVICE_NAME'), name).toBe(name);
    }
  });

  it('gets its tables, buckets and settings as environment, and secrets only by the secret’s ARN', () => {
    const secretSettings = (Object.keys(settings) as SettingName[]).filter((s) => (settings[s] as { secret?: string }).secret);
    for (const [name, { props }] of deployed) {
      const def: FunctionDef = functions[name];
      const env = (dig(props, 'Environment', 'Variables') ?? {}) as Record<string, unknown>;
      for (const t of Object.keys(def.tables)) expect(env[`TABLE_${t.toUpperCase()}`], name).toBeDefined();
      for (const b of Object.keys(def.buckets)) expect(env[`BUCKET_${b.toUpperCase()}`], name).toBeDefined();
      const plain = def.settings.filter((st) => !secretSettings.includes(st) && !localOnlySettings.includes(st));
      expect(Object.keys(env).filter((k) => k in settings).sort(), name).toEqual([...plain].sort());
      for (const secret of secretNames) {
        // The ARN of that secret (an import from the stateful stack), exactly when the function declares it.
        expect(JSON.stringify(env[secretArnEnvName(secret)] ?? null).includes(secretIdPart[secret]), `${name} ${secret}`).toBe(def.secrets.includes(secret));
      }
      expect(JSON.stringify(env), name).not.toContain('APP_SECRET_ARN');
    }
  });

  it('passes the Stripe secret only to the payment functions and the signing key only to the functions that sign webhook calls', () => {
    const holding = (secret: SecretName) => [...deployed.entries()].filter(([, { props }]) => JSON.stringify(dig(props, 'Environment')).includes(secretIdPart[secret])).map(([n]) => n).sort();
    // purchases: proves a Checkout session with Stripe and opens the customer portal (issue 21).
    expect(holding('stripe')).toEqual(['createPayment', 'purchases', 'stripeWebhook']);
    expect(holding('webhookSigning')).toEqual(['deliveryRetry', 'promptStudio', 'prompts', 'staffDeliveries', 'submissionDelivery']);
  });
});

describe('least privilege', () => {
  const deployed = deployedFunctions();
  const arn = {
    table: (t: TableName) => `arn:aws:dynamodb:${dev.config.region}:${dev.config.account}:table/${resourceName('dev', t)}`,
    bucket: `arn:aws:s3:::${bucketPhysicalName(dev.config, 'uploads')}`,
    objects: (prefix: string) => `arn:aws:s3:::${bucketPhysicalName(dev.config, 'uploads')}/${prefix}*`,
    identity: `arn:aws:ses:${dev.config.region}:${dev.config.account}:identity/${dev.config.mail.identity}`,
    configurationSet: `arn:aws:ses:${dev.config.region}:${dev.config.account}:configuration-set/${resourceName('dev', 'mail')}`,
    fn: (f: FunctionName) => `arn:aws:lambda:${dev.config.region}:${dev.config.account}:function:${resourceName('dev', f)}`,
  };
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
  const apiFunctions = new Set<FunctionName>(Object.values(deployedRoutes).map((r: DeployedRouteDef) => r.fn));

  /** What one function's role may do, as "action resource" lines, from the FunctionDef alone. */
  function expectedGrants(name: FunctionName, logGroupId: string, queueId?: string): string[] {
    const def: FunctionDef = functions[name];
    const lines = [
      `logs:CreateLogStream ${JSON.stringify({ 'Fn::GetAtt': [logGroupId, 'Arn'] })}`,
      `logs:PutLogEvents ${JSON.stringify({ 'Fn::GetAtt': [logGroupId, 'Arn'] })}`,
      'xray:PutTelemetryRecords *',
      'xray:PutTraceSegments *',
    ];
    // The table's own actions on the table, Query alone on each index it names (shared/deployment/manifest/table-access.ts).
    for (const [t, access] of Object.entries(def.tables) as [TableName, TableAccess][]) {
      for (const a of tableActions(access)) lines.push(`dynamodb:${a} ${arn.table(t)}`);
      for (const i of access.indexes ?? []) lines.push(`dynamodb:Query ${arn.table(t)}/index/${i}`);
    }
    const uploads = def.buckets.uploads;
    for (const p of uploads?.read ?? []) lines.push(`s3:GetObject ${arn.objects(p)}`);
    // Listing only under the prefixes it reads.
    if ((uploads?.read ?? []).length > 0) lines.push(`s3:ListBucket ${arn.bucket} if s3:prefix like ${(uploads?.read ?? []).map((p) => `${p}*`).join(',')}`);
    for (const p of uploads?.write ?? []) lines.push(`s3:PutObject ${arn.objects(p)}`);
    for (const p of uploads?.remove ?? []) lines.push(`s3:DeleteObject ${arn.objects(p)}`);
    if (def.sendsMail) {
      for (const a of ['ses:SendEmail', 'ses:SendRawEmail']) lines.push(`${a} ${arn.identity}`, `${a} ${arn.configurationSet}`);
    }
    // The user pool: reading accounts, and deleting one for an erasure (the staff console's functions only).
    if (def.userPool) lines.push('cognito-idp:ListUsers <UserPool>');
    if (def.userPool === 'findAndDelete') lines.push('cognito-idp:AdminUserGlobalSignOut <UserPool>', 'cognito-idp:AdminDeleteUser <UserPool>');
    for (const secret of def.secrets) lines.push(`secretsmanager:DescribeSecret <Secret:${secret}>`, `secretsmanager:GetSecretValue <Secret:${secret}>`);
    // API functions read the origin-check value the distribution sends (lambdas/lib/origin-check.ts).
    if (apiFunctions.has(name)) lines.push('secretsmanager:DescribeSecret <OriginVerify>', 'secretsmanager:GetSecretValue <OriginVerify>');
    // The functions it hands work to asynchronously (shared/deployment/manifest.ts asyncInvocations), by name, nothing else.
    for (const target of invokableBy(name)) lines.push(`lambda:InvokeFunction ${arn.fn(target)}`);
    if (queueId) {
      for (const a of ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']) lines.push(`${a} ${JSON.stringify({ 'Fn::GetAtt': [queueId, 'Arn'] })}`);
    }
    return lines.sort();
  }

  it('gives each function exactly what its FunctionDef names, and nothing else', () => {
    // Asynchronously invoked functions may send their failed events to their on-failure queue.
    const queueIds: Partial<Record<FunctionName, string>> = {
      deliveryRetry: logicalIdOf(dev.stacks.stateless.deliveries.deadLetters),
      submissionDelivery: logicalIdOf(dev.stacks.stateless.deliveries.handOffFailures),
      mailFeedback: logicalIdOf(dev.stacks.stateless.deliveries.deadLetters),
    };
    for (const [name, { template, props }] of deployed) {
      const roleId = (dig(props, 'Role', 'Fn::GetAtt') as [string, string])[0];
      const role = template[roleId]!;
      expect(dig(role.Properties, 'ManagedPolicyArns'), name).toBeUndefined();
      expect(dig(role.Properties, 'Policies'), name).toBeUndefined();
      const granted: string[] = [];
      for (const policy of Object.values(template).filter((r) => r.Type === 'AWS::IAM::Policy')) {
        const roles = dig(policy.Properties, 'Roles') as { Ref: string }[];
        if (!roles.some((r) => r.Ref === roleId)) continue;
        for (const st of dig(policy.Properties, 'PolicyDocument', 'Statement') as Record<string, unknown>[]) {
          expect(st.Effect, name).toBe('Allow');
          for (const action of list(st.Action)) {
            for (const resource of list(st.Resource)) {
              const text = typeof resource === 'string' ? resource : JSON.stringify(resource);
              const like = dig(st, 'Condition', 'StringLike', 's3:prefix') as string[] | undefined;
              const secret = secretNames.find((s) => text.includes(secretIdPart[s]));
              const named = secret ? `<Secret:${secret}>` : text.includes('OriginVerify') ? '<OriginVerify>' : text.includes('AccountsPool') ? '<UserPool>' : text;
              granted.push(`${String(action)} ${named}${like ? ` if s3:prefix like ${like.join(',')}` : ''}`);
            }
          }
        }
      }
      const logGroupId = (dig(props, 'LoggingConfig', 'LogGroup') as { Ref: string }).Ref;
      expect(granted.sort(), name).toEqual(expectedGrants(name, logGroupId, queueIds[name]));
    }
  });

  it('never grants an action wildcard', () => {
    for (const template of [dev.stateful, dev.stateless]) {
      for (const [id, policy] of Object.entries(resourcesOf(template, 'AWS::IAM::Policy'))) {
        if (id.startsWith('CustomCDKBucketDeployment')) continue; // CDK's copy job, see site-content.ts
        for (const st of dig(policy.Properties, 'PolicyDocument', 'Statement') as Record<string, unknown>[]) {
          for (const action of list(st.Action)) expect(String(action), id).not.toMatch(/\*/);
        }
      }
    }
  });
});
