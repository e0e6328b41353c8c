/**
 * Per stage: what survives a mistake (prod keeps data, dev can be destroyed), accounts, the retry schedule, mail,
 * and the alarms an operator is woken by.
 */
import { spawnSync } from 'node:child_process';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { functions, resourceName, schedules, tables, userPool, writesTable, type FunctionName } from '@shared/deployment/manifest';
import { secretKeys } from '../../infra/constructs/app-secret';
import { deployedRuntimeConfig } from '../../infra/constructs/site-content';
import { checkStage, stageConfig } from '../../infra/stages';
import { runtimeConfigSchema } from '@shared/contract/runtime-config';
import { allTemplates, dig, logicalIdOf, resourcesOf, synthStage, type SynthedStage } from './synth';
import { realisticStage } from '../helpers/realistic-stage';
import { placeholderRuleId } from '../../infra/lib/placeholder-guard';

const root = new URL('../..', import.meta.url).pathname;
const dev = synthStage('dev');
const prod = synthStage('prod');
const tableNames = Object.keys(tables);

function statefulResources(s: SynthedStage, type: string) {
  return Object.entries(resourcesOf(s.stateful, type));
}

/** The one resource of a type in the stateful stack. */
function only(s: SynthedStage, type: string) {
  const found = statefulResources(s, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

describe('data protection per stage', () => {
  it('prod tables have point-in-time recovery and deletion protection and are retained', () => {
    const found = statefulResources(prod, 'AWS::DynamoDB::Table');
    expect(found.map(([, t]) => dig(t.Properties, 'TableName')).sort()).toEqual(tableNames.map((t) => resourceName('prod', t)).sort());
    for (const [id, t] of found) {
      expect(dig(t.Properties, 'PointInTimeRecoverySpecification', 'PointInTimeRecoveryEnabled'), id).toBe(true);
      expect(dig(t.Properties, 'DeletionProtectionEnabled'), id).toBe(true);
      expect(t.DeletionPolicy, id).toBe('Retain');
      expect(t.UpdateReplacePolicy, id).toBe('Retain');
    }
  });

  it('prod retains every bucket, the user pool (with deletion protection), the mail identity and the secret', () => {
    for (const template of allTemplates(prod)) {
      for (const [id, b] of Object.entries(resourcesOf(template, 'AWS::S3::Bucket'))) expect(b.DeletionPolicy, id).toBe('Retain');
    }
    const [, pool] = only(prod, 'AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(dig(pool.Properties, 'DeletionProtection')).toBe('ACTIVE');
    for (const type of ['AWS::SecretsManager::Secret', 'AWS::SES::EmailIdentity', 'AWS::SES::ConfigurationSet']) {
      for (const [id, r] of statefulResources(prod, type)) expect(r.DeletionPolicy, id).toBe('Retain');
    }
    expect(prod.stacks.stateful.terminationProtection).toBe(true);
  });

  it('prod retains every log group (the API’s access log included), the dead-letter queues and the staff group; dev deletes them', () => {
    const kept = (s: SynthedStage, type: string) => allTemplates(s).flatMap((t) => Object.entries(resourcesOf(t, type)));
    const logGroups = kept(prod, 'AWS::Logs::LogGroup');
    expect(logGroups.map(([, g]) => String(dig(g.Properties, 'LogGroupName'))).filter((n) => n.startsWith('/aws/'))).toContain(`/aws/apigateway/${resourceName('prod', 'api')}`);
    for (const type of ['AWS::Logs::LogGroup', 'AWS::SQS::Queue', 'AWS::Cognito::UserPoolGroup']) {
      expect(kept(prod, type).length, type).toBeGreaterThan(0);
      for (const [id, r] of kept(prod, type)) expect([r.DeletionPolicy, r.UpdateReplacePolicy], `${type} ${id}`).toEqual(['Retain', 'Retain']);
      for (const [id, r] of kept(dev, type)) expect(r.DeletionPolicy, `${type} ${id}`).toBe('Delete');
    }
    expect(kept(prod, 'AWS::SQS::Queue').map(([, q]) => dig(q.Properties, 'QueueName')).sort()).toEqual([resourceName('prod', 'hand-off-failures'), resourceName('prod', 'schedule-dead-letters')]);
  });

  it('dev can be destroyed: tables, buckets (emptied first), pool and secret are deleted with their stack', () => {
    for (const [id, t] of statefulResources(dev, 'AWS::DynamoDB::Table')) {
      expect(t.DeletionPolicy, id).toBe('Delete');
      expect(dig(t.Properties, 'DeletionProtectionEnabled'), id).toBe(false);
    }
    for (const template of allTemplates(dev)) {
      const buckets = Object.keys(resourcesOf(template, 'AWS::S3::Bucket'));
      const autoDelete = Object.values(resourcesOf(template, 'Custom::S3AutoDeleteObjects')).map((r) => JSON.stringify(dig(r.Properties, 'BucketName')));
      for (const id of buckets) {
        expect(resourcesOf(template)[id]!.DeletionPolicy, id).toBe('Delete');
        expect(autoDelete.some((a) => a.includes(id)), id).toBe(true);
      }
    }
    const [, pool] = only(dev, 'AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Delete');
    expect(dig(pool.Properties, 'DeletionProtection')).toBe('INACTIVE');
    expect(dev.stacks.stateful.terminationProtection).toBe(false);
  });

  it('each stage deploys to its own fixed account and region (synth never looks anything up)', () => {
    for (const s of [dev, prod]) {
      for (const stack of Object.values(s.stacks)) {
        expect(stack.account).toBe(stageConfig(s.config.name).account);
        expect(stack.region).toBe(stageConfig(s.config.name).region);
      }
    }
    expect(Object.keys(dev.app.node.tryGetContext('aws:cdk:bundling-stacks') ?? [])).toEqual([]);
  });
});

describe('accounts', () => {
  const [, pool] = only(dev, 'AWS::Cognito::UserPool');
  const [, client] = only(dev, 'AWS::Cognito::UserPoolClient');

  it('signs in by e-mail with the spec’s password rule: at least 6 characters, nothing else required', () => {
    expect(dig(pool.Properties, 'Policies', 'PasswordPolicy')).toMatchObject({
      MinimumLength: 6,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
    expect(userPool.passwordPolicy.minLength).toBe(6);
    expect(dig(pool.Properties, 'UsernameAttributes')).toEqual(['email']);
    expect(dig(pool.Properties, 'AutoVerifiedAttributes')).toEqual(['email']);
    expect(dig(pool.Properties, 'Schema')).toContainEqual({ Name: 'preferred_username', Mutable: true, Required: false });
  });

  it('offers a second factor by authenticator app (TOTP), optional for the pool, never by SMS, and asked at every sign-in, in both stages', () => {
    for (const s of [dev, prod]) {
      const [, stagePool] = only(s, 'AWS::Cognito::UserPool');
      const [, stageClient] = only(s, 'AWS::Cognito::UserPoolClient');
      expect(dig(stagePool.Properties, 'MfaConfiguration'), s.config.name).toBe('OPTIONAL');
      expect(dig(stagePool.Properties, 'EnabledMfas'), s.config.name).toEqual(['SOFTWARE_TOKEN_MFA']);
      // What the staff routes' check relies on (lambdas/composition/sessions.ts): no remembered device skips the
      // code, and no sign-in flow but the password's (SRP), after which Cognito asks for it.
      expect(dig(stagePool.Properties, 'DeviceConfiguration'), s.config.name).toBeUndefined();
      expect(dig(stageClient.Properties, 'ExplicitAuthFlows'), s.config.name).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    }
  });

  it('slows guessing per stage as configured: dev keeps the Essentials plan (built-in lockout only), prod enforces threat protection on the Plus plan', () => {
    expect(dev.config.threatProtection).toBe('off');
    expect(dig(pool.Properties, 'UserPoolTier')).toBe('ESSENTIALS');
    expect(dig(pool.Properties, 'UserPoolAddOns')).toBeUndefined();
    expect(statefulResources(dev, 'AWS::Cognito::UserPoolRiskConfigurationAttachment')).toEqual([]);

    expect(prod.config.threatProtection).toBe('enforced');
    const [poolId, prodPool] = only(prod, 'AWS::Cognito::UserPool');
    expect(dig(prodPool.Properties, 'UserPoolTier')).toBe('PLUS');
    expect(dig(prodPool.Properties, 'UserPoolAddOns')).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
    const [, risk] = only(prod, 'AWS::Cognito::UserPoolRiskConfigurationAttachment');
    expect(risk.Properties).toMatchObject({
      UserPoolId: { Ref: poolId },
      ClientId: 'ALL',
      CompromisedCredentialsRiskConfiguration: { Actions: { EventAction: 'BLOCK' } },
      AccountTakeoverRiskConfiguration: { Actions: { HighAction: { EventAction: 'BLOCK' }, MediumAction: { EventAction: 'NO_ACTION' } } },
    });

    // 'audit' only reports: the Plus plan, no risk actions.
    const audited = synthStage({ ...stageConfig('dev'), name: 'audited', threatProtection: 'audit' });
    const [, auditedPool] = only(audited, 'AWS::Cognito::UserPool');
    expect(dig(auditedPool.Properties, 'UserPoolTier')).toBe('PLUS');
    expect(dig(auditedPool.Properties, 'UserPoolAddOns')).toEqual({ AdvancedSecurityMode: 'AUDIT' });
    expect(statefulResources(audited, 'AWS::Cognito::UserPoolRiskConfigurationAttachment')).toEqual([]);
  });

  it('wires the pre-sign-up, custom-message and post-confirmation triggers to their functions', () => {
    const fnId = (name: FunctionName) => logicalIdOf(dev.stacks.stateful.accounts.triggers.find((t) => t.name === name)!.fn);
    expect(dig(pool.Properties, 'LambdaConfig')).toEqual({
      PreSignUp: { 'Fn::GetAtt': [fnId(userPool.triggers.preSignUp), 'Arn'] },
      CustomMessage: { 'Fn::GetAtt': [fnId(userPool.triggers.customMessage), 'Arn'] },
      PostConfirmation: { 'Fn::GetAtt': [fnId(userPool.triggers.postConfirmation), 'Arn'] },
    });
    const permissions = Object.values(resourcesOf(dev.stateful, 'AWS::Lambda::Permission')).map((p) => p.Properties);
    expect(permissions.filter((p) => dig(p, 'Principal') === 'cognito-idp.amazonaws.com')).toHaveLength(3);
    // The mail links point at the site.
    const customMessage = resourcesOf(dev.stateful)[fnId('authCustomMessage')]!;
    expect(JSON.stringify(dig(customMessage.Properties, 'Environment', 'Variables', 'SITE_ORIGIN'))).toContain('SiteDistribution');
  });

  it('the web client signs in with SRP, has no secret, hides whether a user exists and can revoke tokens', () => {
    expect(dig(client.Properties, 'ExplicitAuthFlows')).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(dig(client.Properties, 'GenerateSecret')).toBe(false);
    expect(dig(client.Properties, 'PreventUserExistenceErrors')).toBe('ENABLED');
    expect(dig(client.Properties, 'EnableTokenRevocation')).toBe(true);
    expect(dig(client.Properties, 'AllowedOAuthFlowsUserPoolClient')).toBe(false);
  });

  it('mails through SES once the stage says the identity is verified', () => {
    expect(dig(pool.Properties, 'EmailConfiguration', 'EmailSendingAccount')).toBe('COGNITO_DEFAULT');
    const verified = synthStage({ ...stageConfig('dev'), mail: { ...stageConfig('dev').mail, cognitoSendsWithSes: true } });
    const [, sesPool] = only(verified, 'AWS::Cognito::UserPool');
    expect(dig(sesPool.Properties, 'EmailConfiguration')).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: '"Cadence AI (dev)" <no-reply@cadence-ai.example>',
      ConfigurationSet: resourceName('dev', 'mail'),
    });
  });

  it('the site config.json names this pool and client and signs in with SRP', () => {
    const config = deployedRuntimeConfig({ stage: dev.config, userPoolId: 'pool-id', userPoolClientId: 'client-id' });
    expect(runtimeConfigSchema.parse(config)).toEqual({
      stage: 'dev',
      apiUrl: '',
      auth: { region: dev.config.region, userPoolId: 'pool-id', userPoolClientId: 'client-id', authFlowType: 'USER_SRP_AUTH' },
      billingPortalLoginUrl: dev.config.billing.portalLoginUrl,
    });
    // The stage's portal login page is what the Services page links for subscribers who are not signed in.
    const withPortal = { ...dev.config, billing: { portalLoginUrl: 'https://billing.stripe.com/p/login/test_abc' } };
    expect(deployedRuntimeConfig({ stage: withPortal, userPoolId: 'p', userPoolClientId: 'c' }).billingPortalLoginUrl).toBe('https://billing.stripe.com/p/login/test_abc');
    expect(() => checkStage({ ...dev.config, billing: { portalLoginUrl: 'http://billing.example/login' } })).toThrow(/portalLoginUrl/);
    // The deployment substitutes the real ids at deploy time.
    const pages = Object.values(resourcesOf(dev.stateless, 'Custom::CDKBucketDeployment')).find((d) =>
      (dig(d.Properties, 'Exclude') as string[] | undefined)?.includes('assets/*'),
    );
    const markers = JSON.stringify(dig(pages!.Properties, 'SourceMarkers'));
    expect(markers).toContain(logicalIdOf(dev.stacks.stateful.accounts.pool));
    expect(markers).toContain(logicalIdOf(dev.stacks.stateful.accounts.client));
  });
});

describe('mail and secrets', () => {
  it('a stage’s own mail and webhook settings reach its SES identity and its delivery function', () => {
    const own = synthStage(realisticStage('qa', { protectData: false }));
    const [, identity] = only(own, 'AWS::SES::EmailIdentity');
    expect(dig(identity.Properties, 'EmailIdentity')).toBe('northwind-automation.com');
    const delivery = Object.values(resourcesOf(own.stateless, 'AWS::Lambda::Function')).find(
      (f) => dig(f.Properties, 'FunctionName') === resourceName('qa', 'submissionDelivery'),
    );
    expect(dig(delivery!.Properties, 'Environment', 'Variables')).toMatchObject({
      MAIL_FROM: 'Northwind Automation <no-reply@northwind-automation.com>',
      MAIL_TO: 'sales@northwind-automation.com,support@northwind-automation.com',
      WEBHOOK_TEST_URL: 'https://hooks.northwind-automation.com/ideas/test',
      WEBHOOK_PROD_URL: 'https://hooks.northwind-automation.com/ideas/prod',
    });
  });

  it('has the SES identity with a configuration set that requires TLS and suppresses bounces', () => {
    const [, identity] = only(dev, 'AWS::SES::EmailIdentity');
    expect(dig(identity.Properties, 'EmailIdentity')).toBe(dev.config.mail.identity);
    const [setId, set] = only(dev, 'AWS::SES::ConfigurationSet');
    expect(dig(identity.Properties, 'ConfigurationSetAttributes', 'ConfigurationSetName')).toEqual({ Ref: setId });
    expect(dig(set.Properties, 'DeliveryOptions', 'TlsPolicy')).toBe('REQUIRE');
    expect(dig(set.Properties, 'SuppressionOptions', 'SuppressedReasons')).toEqual(['BOUNCE', 'COMPLAINT']);
  });

  it('keeps the Stripe keys, the webhook signing key and the booking-link key in three secrets, no value ever in the template', () => {
    expect(secretKeys).toEqual({ stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], webhookSigning: ['WEBHOOK_SIGNING_SECRET'], bookingLinks: ['BOOKING_LINK_SECRET'] });
    expect(statefulResources(dev, 'AWS::SecretsManager::Secret')).toHaveLength(3);
    expect(statefulResources(prod, 'AWS::SecretsManager::Secret').map(([, s]) => dig(s.Properties, 'Name')).sort()).toEqual(
      [resourceName('prod', 'stripe'), resourceName('prod', 'webhook-signing'), resourceName('prod', 'booking-links')].sort(),
    );
  });

  it('never lets CloudFormation own a secret’s value: every secret is created empty and seeded once at deploy time', () => {
    for (const s of [dev, prod]) {
      const seeds = allTemplates(s).flatMap((t) => Object.values(resourcesOf(t, 'Custom::SecretSeed')).map((r) => r.Properties!));
      const secrets = allTemplates(s).flatMap((t) => Object.entries(resourcesOf(t, 'AWS::SecretsManager::Secret')));
      // The three stage secrets and the origin-verify value.
      expect(secrets, s.config.name).toHaveLength(4);
      for (const [id, secret] of secrets) {
        // Either property makes CloudFormation the owner: a later change of it would rewrite the value.
        expect(dig(secret.Properties, 'SecretString'), id).toBeUndefined();
        expect(dig(secret.Properties, 'GenerateSecretString'), id).toBeUndefined();
        expect(seeds.filter((p) => JSON.stringify(p.SecretArn) === JSON.stringify({ Ref: id })), id).toHaveLength(1);
      }
      const seedOf = (secret: IConstruct) => seeds.find((p) => JSON.stringify(p.SecretArn) === JSON.stringify({ Ref: logicalIdOf(secret) }));
      const { stripe, webhookSigning } = s.stacks.stateful.secret.secrets;
      expect(seedOf(stripe)).toMatchObject({ Format: 'json', Keys: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] });
      expect(dig(seedOf(stripe), 'GeneratedKeys')).toBeUndefined();
      expect(seedOf(webhookSigning)).toMatchObject({ Format: 'json', Keys: ['WEBHOOK_SIGNING_SECRET'], GeneratedKeys: ['WEBHOOK_SIGNING_SECRET'] });
      expect(seedOf(s.stacks.stateful.secret.secrets.bookingLinks)).toMatchObject({ Format: 'json', Keys: ['BOOKING_LINK_SECRET'], GeneratedKeys: ['BOOKING_LINK_SECRET'] });
      expect(seedOf(s.stacks.edge.originVerify)).toMatchObject({ Format: 'plain' });
    }
  });

  it('seeds with a function that may only read and write the stack’s own secrets', () => {
    for (const template of [dev.stateful, dev.edge]) {
      const seeds = Object.values(resourcesOf(template, 'Custom::SecretSeed'));
      const token = JSON.stringify(dig(seeds[0]!.Properties, 'ServiceToken'));
      const fnId = (JSON.parse(token) as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
      const role = (dig(resourcesOf(template)[fnId]!.Properties, 'Role', 'Fn::GetAtt') as string[])[0];
      const statements = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
        .filter((p) => JSON.stringify(dig(p.Properties, 'Roles')).includes(`"${role}"`))
        .flatMap((p) => dig(p.Properties, 'PolicyDocument', 'Statement') as { Action: string | string[]; Resource: unknown }[]);
      const secretStatements = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('secretsmanager:')));
      expect(new Set(secretStatements.flatMap((st) => [st.Action].flat()))).toEqual(new Set(['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']));
      const secretIds = Object.keys(resourcesOf(template, 'AWS::SecretsManager::Secret'));
      expect(secretStatements.flatMap((st) => [st.Resource].flat()).map((r) => JSON.stringify(r)).sort()).toEqual(secretIds.map((id) => JSON.stringify({ Ref: id })).sort());
    }
  });

  it('lets only the payment functions’ roles read the Stripe secret, and only the signing functions’ roles the signing key', () => {
    const readers = (s: SynthedStage, secretId: string) => {
      const roles = new Set<string>();
      for (const [, policy] of Object.entries(resourcesOf(s.stateless, 'AWS::IAM::Policy'))) {
        const statements = dig(policy.Properties, 'PolicyDocument', 'Statement') as Record<string, unknown>[];
        const reads = statements.some((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(st.Resource).includes(secretId));
        if (reads) for (const r of dig(policy.Properties, 'Roles') as { Ref: string }[]) roles.add(r.Ref);
      }
      const functionsOf = Object.values(resourcesOf(s.stateless, 'AWS::Lambda::Function'));
      return [...roles]
        .map((role) => functionsOf.find((f) => (dig(f.Properties, 'Role', 'Fn::GetAtt') as string[])[0] === role))
        .map((f) => String(dig(f!.Properties, 'FunctionName')).replace(resourceName(s.config.name, ''), ''))
        .sort();
    };
    for (const s of [dev, prod]) {
      expect(readers(s, logicalIdOf(s.stacks.stateful.secret.secrets.stripe)), s.config.name).toEqual(['createPayment', 'purchases', 'stripeWebhook']);
      expect(readers(s, logicalIdOf(s.stacks.stateful.secret.secrets.webhookSigning)), s.config.name).toEqual(['deliveryRetry', 'promptStudio', 'prompts', 'staffDeliveries', 'submissionDelivery']);
    }
  });
});

describe('deliveries and operations', () => {
  const stateless = resourcesOf(dev.stateless);
  const alarms = Object.values(resourcesOf(dev.stateless, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties as Record<string, unknown>);
  const topicId = logicalIdOf(dev.stacks.stateless.operations.topic);

  it('runs the retry job on its schedule, with failures parked in a dead-letter queue', () => {
    const [schedule] = Object.values(resourcesOf(dev.stateless, 'AWS::Scheduler::Schedule'));
    expect(dig(schedule!.Properties, 'ScheduleExpression')).toBe(`rate(${schedules.deliveryRetry.everyMinutes} minute)`);
    expect(dig(schedule!.Properties, 'State')).toBe('ENABLED');
    const target = dig(schedule!.Properties, 'Target');
    const retry = dev.stacks.stateless.deliveries.functions.deliveryRetry!;
    expect(dig(target, 'Arn')).toEqual({ 'Fn::GetAtt': [logicalIdOf(retry.fn), 'Arn'] });
    expect(dig(target, 'DeadLetterConfig', 'Arn')).toEqual({ 'Fn::GetAtt': [logicalIdOf(dev.stacks.stateless.deliveries.deadLetters), 'Arn'] });
  });

  it('counts final delivery failures and overdue leads from the log lines of every function that runs the delivery engine', () => {
    const all = Object.values(resourcesOf(dev.stateless, 'AWS::Logs::MetricFilter')).map((f) => f.Properties);
    const engine = (Object.keys(functions) as FunctionName[]).filter((n) => writesTable(n, 'submissions'));
    const failures = all.filter((f) => dig(f, 'MetricTransformations', 0, 'MetricName') === 'deliveryFailed');
    const overdue = all.filter((f) => dig(f, 'MetricTransformations', 0, 'MetricName') === 'leadsOverdue');
    expect(all).toHaveLength(3 * engine.length);
    expect(failures).toHaveLength(engine.length);
    for (const f of failures) {
      expect(dig(f, 'FilterPattern')).toBe('{ ($.message = "delivery failed") && ($.final IS TRUE) }');
      expect(dig(f, 'MetricTransformations', 0)).toMatchObject({ MetricName: 'deliveryFailed', MetricNamespace: 'agency/dev', MetricValue: '1' });
    }
    // The 24-hour watch's overdue notice, as the engine logs it once sent.
    for (const f of overdue) {
      expect(dig(f, 'FilterPattern')).toBe('{ ($.message = "delivery sent") && ($.delivery = "reminder:24h") }');
      expect(dig(f, 'MetricTransformations', 0)).toMatchObject({ MetricName: 'leadsOverdue', MetricNamespace: 'agency/dev', MetricValue: '1' });
    }
    for (const filters of [failures, overdue]) {
      const logGroups = filters.map((f) => JSON.stringify(dig(f, 'LogGroupName')));
      for (const name of engine) {
        const fn = [...Object.values(dev.stacks.stateless.api.functions), ...Object.values(dev.stacks.stateless.deliveries.functions)].find((f) => f?.name === name)!;
        expect(logGroups.some((l) => l.includes(logicalIdOf(fn.logGroup))), name).toBe(true);
      }
    }
  });

  it('the filter names fields the engine’s Powertools log line really has', () => {
    // The same call lambdas/composition/submissions.ts makes when the engine gives a delivery up.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', "import('./lambdas/lib/logger.ts').then(({ logger }) => logger.error('delivery failed', { submissionId: 's1', delivery: 'mail', final: true }))"],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    // Outside Lambda, Powertools writes errors to stderr; in Lambda both streams go to the same log group.
    const line = JSON.parse(`${run.stdout}${run.stderr}`.trim().split('\n').find((l) => l.startsWith('{')) ?? '{}') as Record<string, unknown>;
    // { ($.message = "delivery failed") && ($.final IS TRUE) }
    expect(line.message).toBe('delivery failed');
    expect(line.final).toBe(true);
  });

  it('alarms by e-mail on function errors and throttles, API 5xx, failed deliveries and the dead-letter queues', () => {
    const subscriptions = Object.values(resourcesOf(dev.stateless, 'AWS::SNS::Subscription')).map((s) => s.Properties).filter((s) => JSON.stringify(s?.TopicArn).includes(topicId));
    expect(subscriptions).toEqual([expect.objectContaining({ Protocol: 'email', Endpoint: dev.config.alarmEmail, TopicArn: { Ref: topicId } })]);
    for (const a of alarms) {
      expect(a.AlarmActions, String(a.AlarmName)).toEqual([{ Ref: topicId }]);
      expect(a.TreatMissingData).toBe('notBreaching');
    }
    const find = (namespace: string, metric: string, dimension?: string) =>
      alarms.filter((a) => a.Namespace === namespace && a.MetricName === metric && (!dimension || JSON.stringify(a.Dimensions).includes(dimension)));
    for (const name of Object.keys(functions)) {
      expect(find('AWS/Lambda', 'Errors', resourceName('dev', name)), name).toHaveLength(1);
      expect(find('AWS/Lambda', 'Throttles', resourceName('dev', name)), name).toHaveLength(1);
    }
    expect(find('AWS/ApiGateway', '5xx')).toHaveLength(1);
    expect(find('agency/dev', 'deliveryFailed')).toEqual([expect.objectContaining({ Threshold: 1, Statistic: 'Sum' })]);
    // More overdue leads within a day than the stage allows: at least its threshold + 1 in a day's sum.
    expect(find('agency/dev', 'leadsOverdue')).toEqual([
      expect.objectContaining({ Threshold: dev.config.overdueLeadsAlarm + 1, Statistic: 'Sum', Period: 86_400, ComparisonOperator: 'GreaterThanOrEqualToThreshold' }),
    ]);
    // The schedule's dead-letter queue and the delivery function's on-failure queue, one alarm each.
    const queueAlarms = find('AWS/SQS', 'ApproximateNumberOfMessagesVisible').map((a) => JSON.stringify(a.Dimensions));
    expect(queueAlarms).toHaveLength(2);
    for (const queue of [dev.stacks.stateless.deliveries.deadLetters, dev.stacks.stateless.deliveries.handOffFailures]) {
      expect(queueAlarms.filter((d) => d.includes(logicalIdOf(queue))), queue.node.id).toHaveLength(1);
    }
  });

  it('sets a retention on every log group, longer in prod', () => {
    for (const [s, days] of [
      [dev, 14],
      // A year in prod, as AWS's Control Tower controls expect (test/infra/guard.test.ts).
      [prod, 365],
    ] as const) {
      for (const template of allTemplates(s)) {
        for (const [id, lg] of Object.entries(resourcesOf(template, 'AWS::Logs::LogGroup'))) expect(dig(lg.Properties, 'RetentionInDays'), id).toBe(days);
      }
    }
    expect(Object.keys(stateless).length).toBeGreaterThan(0);
  });

  it('the alarm topic is encrypted with a key CloudWatch may use and refuses plain HTTP', () => {
    const topic = resourcesOf(dev.stateless)[topicId!]!;
    const keyId = (dig(topic.Properties, 'KmsMasterKeyId', 'Fn::GetAtt') as [string, string])[0];
    const key = resourcesOf(dev.stateless)[keyId]!;
    expect(dig(key.Properties, 'EnableKeyRotation')).toBe(true);
    expect(JSON.stringify(dig(key.Properties, 'KeyPolicy'))).toContain('cloudwatch.amazonaws.com');
    const policies = Object.values(resourcesOf(dev.stateless, 'AWS::SNS::TopicPolicy'));
    expect(JSON.stringify(policies)).toContain('aws:SecureTransport');
  });

  it('lets this stage’s alarms, and only they, publish to the topic (its TLS-only policy replaces SNS’s default one)', () => {
    for (const s of [dev, prod]) {
      const topic = logicalIdOf(s.stacks.stateless.operations.topic);
      const policies = Object.values(resourcesOf(s.stateless, 'AWS::SNS::TopicPolicy')).filter((p) => JSON.stringify(dig(p.Properties, 'Topics')).includes(topic));
      expect(policies, s.config.name).toHaveLength(1);
      expect(dig(policies[0]!.Properties, 'Topics')).toEqual([{ Ref: topic }]);
      const statements = dig(policies[0]!.Properties, 'PolicyDocument', 'Statement') as Record<string, unknown>[];
      const allows = statements.filter((st) => st.Effect === 'Allow');
      // A topic policy is all SNS goes by: without this Allow, every alarm would fail with "not authorized to
      // perform: SNS:Publish ... because no resource-based policy allows".
      const alarmPattern = `arn:aws:cloudwatch:${s.config.region}:${s.config.account}:alarm:${resourceName(s.config.name, '')}*`;
      expect(allows, s.config.name).toEqual([
        {
          Sid: 'StageAlarmsPublish',
          Effect: 'Allow',
          Principal: { Service: 'cloudwatch.amazonaws.com' },
          Action: 'sns:Publish',
          Resource: { Ref: topic },
          Condition: {
            StringEquals: { 'aws:SourceAccount': s.config.account },
            ArnLike: { 'aws:SourceArn': alarmPattern },
          },
        },
      ]);
      // Every alarm of the stage is covered by that pattern.
      const names = Object.values(resourcesOf(s.stateless, 'AWS::CloudWatch::Alarm')).map((a) => String(dig(a.Properties, 'AlarmName')));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name.startsWith(resourceName(s.config.name, '')), name).toBe(true);
    }
  });
});

describe('paid prompts', () => {
  /** The deployed prompts function's environment in a stage. */
  function promptsEnvironment(s: SynthedStage): Record<string, unknown> {
    const name = resourceName(s.config.name, 'prompts');
    const fn = allTemplates(s)
      .flatMap((t) => Object.values(resourcesOf(t, 'AWS::Lambda::Function')))
      .find((r) => dig(r.Properties, 'FunctionName') === name);
    expect(fn, name).toBeDefined();
    return (dig(fn!.Properties, 'Environment', 'Variables') ?? {}) as Record<string, unknown>;
  }

  it('the selling stages require a recorded purchase, by configuration and not by whether a Stripe key is stored', () => {
    for (const s of [dev, prod]) {
      expect(s.config.sellsPrompts, s.config.name).toBe(true);
      expect(promptsEnvironment(s).PURCHASE_REQUIRED, s.config.name).toBe('true');
    }
  });

  it('refuses a stage that protects production data but would hand out its prompts for free', () => {
    expect(() => checkStage({ ...stageConfig('prod'), sellsPrompts: false })).toThrow(/sellsPrompts/);
    expect(() => checkStage({ ...stageConfig('dev'), sellsPrompts: false })).not.toThrow();
  });
});

describe('purchases that follow the buyer (issue 21)', () => {
  it('the purchases table lists an account’s purchases by an index on the account, and a buyer’s by one on the address (issue 20), newest first', () => {
    for (const s of [dev, prod]) {
      const [, table] = statefulResources(s, 'AWS::DynamoDB::Table').find(([, t]) => dig(t.Properties, 'TableName') === resourceName(s.config.name, 'purchases')) ?? [];
      expect(dig(table?.Properties, 'KeySchema')).toEqual([{ AttributeName: 'sessionId', KeyType: 'HASH' }]);
      expect(dig(table?.Properties, 'GlobalSecondaryIndexes')).toEqual([
        expect.objectContaining({
          IndexName: 'byUser',
          KeySchema: [
            { AttributeName: 'userId', KeyType: 'HASH' },
            { AttributeName: 'createdAt', KeyType: 'RANGE' },
          ],
        }),
        // A person's export and erasure find their purchases with a Query, never a Scan.
        expect.objectContaining({
          IndexName: 'byEmail',
          KeySchema: [
            { AttributeName: 'emailKey', KeyType: 'HASH' },
            { AttributeName: 'createdAt', KeyType: 'RANGE' },
          ],
        }),
      ]);
    }
  });
});

describe('a deploy of a stage that still holds placeholders', () => {
  /** A template rule's assertions, evaluated as CloudFormation does for the functions used here (literals only). */
  const holds = (assert: unknown): boolean => {
    const equals = dig(assert, 'Fn::Equals') as unknown[] | undefined;
    if (equals) return JSON.stringify(equals[0]) === JSON.stringify(equals[1]);
    throw new Error(`an assertion this test does not evaluate: ${JSON.stringify(assert)}`);
  };

  it('is refused by CloudFormation before any resource is created: every stack carries a rule that never holds, naming the settings', () => {
    for (const template of allTemplates(prod)) {
      const rules = template.toJSON().Rules as Record<string, { Assertions: { Assert: unknown; AssertDescription: string }[] }>;
      const rule = rules?.[placeholderRuleId];
      expect(rule).toBeDefined();
      expect(rule!.Assertions.some((a) => !holds(a.Assert))).toBe(true);
      expect(rule!.Assertions[0]!.AssertDescription).toMatch(/^Stage prod still holds placeholder settings \(account, alarmEmail, mail\.identity, .*\): set them in infra\/stages\.ts/);
    }
  });

  it('a stage with real settings has no such rule (and the synth itself never refuses: the tests run it offline)', () => {
    const real = synthStage(realisticStage('qa', { protectData: false }));
    for (const template of allTemplates(real)) expect(Object.keys((template.toJSON().Rules ?? {}) as object)).not.toContain(placeholderRuleId);
  });
});

describe('mail to visitors', () => {
  it('SES’s bounce and complaint events reach the mailFeedback function: event destination, encrypted topic only SES of this configuration set may publish to, subscription', () => {
    for (const s of [dev, prod]) {
      const feedback = s.stacks.stateless.deliveries.mailFeedback;
      const [destination] = Object.values(resourcesOf(s.stateless, 'AWS::SES::ConfigurationSetEventDestination'));
      const topicId = logicalIdOf(feedback.topic);
      expect(destination!.Properties).toEqual({
        ConfigurationSetName: resourceName(s.config.name, 'mail'),
        EventDestination: { Name: 'visitor-mail-feedback', Enabled: true, MatchingEventTypes: ['BOUNCE', 'COMPLAINT'], SnsDestination: { TopicARN: { Ref: topicId } } },
      });
      const topic = resourcesOf(s.stateless)[topicId]!;
      const key = resourcesOf(s.stateless)[(dig(topic.Properties, 'KmsMasterKeyId', 'Fn::GetAtt') as string[])[0]!]!;
      expect(JSON.stringify(dig(key.Properties, 'KeyPolicy'))).toContain('ses.amazonaws.com');
      const policy = Object.values(resourcesOf(s.stateless, 'AWS::SNS::TopicPolicy')).find((p) => JSON.stringify(dig(p.Properties, 'Topics')).includes(topicId))!;
      const statements = dig(policy.Properties, 'PolicyDocument', 'Statement') as Record<string, unknown>[];
      expect(JSON.stringify(statements)).toContain('aws:SecureTransport');
      expect(statements.filter((st) => st.Effect === 'Allow')).toEqual([
        expect.objectContaining({
          Principal: { Service: 'ses.amazonaws.com' },
          Action: 'sns:Publish',
          Condition: { StringEquals: { 'aws:SourceAccount': s.config.account, 'aws:SourceArn': `arn:aws:ses:${s.config.region}:${s.config.account}:configuration-set/${resourceName(s.config.name, 'mail')}` } },
        }),
      ]);
      const subscriptions = Object.values(resourcesOf(s.stateless, 'AWS::SNS::Subscription')).filter((x) => JSON.stringify(dig(x.Properties, 'TopicArn')).includes(topicId));
      expect(subscriptions.map((x) => x.Properties)).toEqual([
        expect.objectContaining({ Protocol: 'lambda', Endpoint: { 'Fn::GetAtt': [logicalIdOf(feedback.fn.fn), 'Arn'] }, RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdOf(s.stacks.stateless.deliveries.deadLetters), 'Arn'] } } }),
      ]);
    }
  });

  it('alarms at the rates AWS reviews an SES account for (bounces 5 %, complaints 0.1 %), and on any visitor mail skipped at a cap', () => {
    const alarms = Object.values(resourcesOf(dev.stateless, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties as Record<string, unknown>);
    const alarm = (name: string) => alarms.find((a) => a.AlarmName === resourceName('dev', name));
    expect(alarm('ses-bounce-rate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Threshold: 0.05, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(alarm('ses-complaint-rate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate', Threshold: 0.001, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(alarm('visitor-mail-capped')).toMatchObject({ Namespace: 'agency/dev', MetricName: 'visitorMailCapped', Statistic: 'Sum', Threshold: 1 });
    // Counted from the engine's own log line (lambdas/domain/submissions/engine.ts), in every function that runs it.
    const capped = Object.values(resourcesOf(dev.stateless, 'AWS::Logs::MetricFilter')).filter((f) => dig(f.Properties, 'MetricTransformations', 0, 'MetricName') === 'visitorMailCapped');
    expect(capped.length).toBe((Object.keys(functions) as FunctionName[]).filter((n) => writesTable(n, 'submissions')).length);
    for (const f of capped) expect(dig(f.Properties, 'FilterPattern')).toBe('{ $.message = "visitor mail capped" }');
  });

  it('each stage’s caps and sandbox setting reach the functions that send mail to visitors', () => {
    for (const s of [dev, synthStage(realisticStage('qa', { protectData: false }))]) {
      for (const fn of ['submissionDelivery', 'deliveryRetry', 'staffDeliveries'] as const) {
        const deployed = Object.values(resourcesOf(s.stateless, 'AWS::Lambda::Function')).find((f) => dig(f.Properties, 'FunctionName') === resourceName(s.config.name, fn))!;
        expect(dig(deployed.Properties, 'Environment', 'Variables'), `${s.config.name} ${fn}`).toMatchObject({
          VISITOR_MAIL_CAPS: JSON.stringify(s.config.mail.visitorCaps),
          MAIL_SANDBOX: String(s.config.mail.sandbox),
        });
      }
    }
    // The repository's stages start in the sandbox, as a new SES account does; the operator's, out of it.
    expect(dev.config.mail.sandbox).toBe(true);
    expect(realisticStage().mail.sandbox).toBe(false);
  });
});
