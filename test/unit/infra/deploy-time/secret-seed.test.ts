/**
 * The deploy-time seed of the stage's secrets: a first value for an empty secret, and never a rewrite of one that
 * is there, against the Secrets Manager stand-in through the real SDK client.
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomResourceEvent } from '../../../../infra/deploy-time/custom-resource';
import { handler, seedSecret, seededValue, type SecretSeedProperties } from '../../../../infra/deploy-time/secret-seed';
import { startSecretsManager, type SecretsManagerStandIn } from '../../../helpers/secrets-manager';

let sm: SecretsManagerStandIn;
let client: SecretsManagerClient;
beforeAll(async () => {
  sm = await startSecretsManager();
  client = new SecretsManagerClient({ endpoint: sm.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
});
afterAll(() => sm.close());

let requests = 0;
function event(type: 'Create' | 'Update' | 'Delete', props: SecretSeedProperties, responseUrl = 'http://127.0.0.1:9/unused'): CustomResourceEvent<SecretSeedProperties> {
  requests += 1;
  return {
    RequestType: type,
    ResponseURL: responseUrl,
    StackId: 'arn:aws:cloudformation:us-east-1:403958261174:stack/agency-prod-stateful/1',
    RequestId: `6d1e0c4a-1b2c-4d3e-8f90-${String(requests).padStart(12, '0')}`,
    LogicalResourceId: 'Seed',
    ResourceProperties: { ServiceToken: 'arn:aws:lambda:us-east-1:403958261174:function:seed', ...props },
  };
}

const stripe = (arn: string, keys = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']): SecretSeedProperties => ({ SecretArn: arn, Format: 'json', Keys: keys });
const signing = (arn: string): SecretSeedProperties => ({ SecretArn: arn, Format: 'json', Keys: ['WEBHOOK_SIGNING_SECRET'], GeneratedKeys: ['WEBHOOK_SIGNING_SECRET'] });

describe('seededValue', () => {
  it('fills an empty secret and adds only missing keys, never changing a value that is there', () => {
    expect(seededValue(undefined, stripe('a'))).toBe('{"STRIPE_SECRET_KEY":"","STRIPE_WEBHOOK_SECRET":""}');
    expect(seededValue('{"STRIPE_SECRET_KEY":"sk_live_1","STRIPE_WEBHOOK_SECRET":"whsec_1"}', stripe('a'))).toBeUndefined();
    expect(seededValue('{"STRIPE_SECRET_KEY":"sk_live_1"}', stripe('a'))).toBe('{"STRIPE_SECRET_KEY":"sk_live_1","STRIPE_WEBHOOK_SECRET":""}');
    expect(seededValue(undefined, signing('a'), () => 'r')).toBe('{"WEBHOOK_SIGNING_SECRET":"r"}');
    expect(seededValue('not json', stripe('a'))).toBeUndefined();
    expect(seededValue(undefined, { SecretArn: 'a', Format: 'plain' }, () => 'r')).toBe('r');
    expect(seededValue('v1', { SecretArn: 'a', Format: 'plain' })).toBeUndefined();
  });
});

describe('seedSecret against Secrets Manager', () => {
  it('gives the signing key a random value at creation and keeps it through every later deploy', async () => {
    const arn = sm.create('agency-prod-webhook-signing');
    expect(await seedSecret(client, event('Create', signing(arn)))).toBe('seeded');
    const first = JSON.parse(sm.value(arn)!) as { WEBHOOK_SIGNING_SECRET: string };
    expect(first.WEBHOOK_SIGNING_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(await seedSecret(client, event('Update', signing(arn)))).toBe('kept');
    expect(sm.value(arn)).toBe(JSON.stringify(first));
    expect(sm.value(arn, 'AWSPREVIOUS')).toBeUndefined();
  });

  it('never wipes the Stripe keys the operator stored, even when the template changes the secret’s keys', async () => {
    const arn = sm.create('agency-prod-stripe');
    await seedSecret(client, event('Create', stripe(arn)));
    expect(JSON.parse(sm.value(arn)!)).toEqual({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
    sm.put(arn, JSON.stringify({ STRIPE_SECRET_KEY: 'sk_live_51', STRIPE_WEBHOOK_SECRET: 'whsec_9' }));
    // A later release adds a key to the secret: the template's properties change, the operator's keys stay.
    expect(await seedSecret(client, event('Update', stripe(arn, ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_RESTRICTED_KEY'])))).toBe('seeded');
    expect(JSON.parse(sm.value(arn)!)).toEqual({ STRIPE_SECRET_KEY: 'sk_live_51', STRIPE_WEBHOOK_SECRET: 'whsec_9', STRIPE_RESTRICTED_KEY: '' });
    expect(await seedSecret(client, event('Delete', stripe(arn)))).toBe('deleted');
    expect(JSON.parse(sm.value(arn)!)).toMatchObject({ STRIPE_SECRET_KEY: 'sk_live_51' });
  });

  it('answers CloudFormation with the secret’s ARN and never the value', async () => {
    const received: string[] = [];
    const cfn = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(body);
        res.end();
      });
    });
    await new Promise<void>((r) => cfn.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(cfn.address() as AddressInfo).port}/response`;
    process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = sm.endpoint;
    process.env.AWS_REGION = 'us-east-1';
    process.env.AWS_ACCESS_KEY_ID = 'x';
    process.env.AWS_SECRET_ACCESS_KEY = 'x';
    try {
      const arn = sm.create('agency-prod-origin-verify');
      await handler(event('Create', { SecretArn: arn, Format: 'plain' }, url));
      const value = sm.value(arn)!;
      expect(value).toMatch(/^[0-9a-f]{64}$/);
      const answer = JSON.parse(received[0]!) as Record<string, unknown>;
      expect(answer).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: arn, LogicalResourceId: 'Seed' });
      expect(received[0]).not.toContain(value);
      // A failure is reported, not left hanging until CloudFormation times out.
      await handler(event('Create', { SecretArn: 'arn:aws:secretsmanager:us-east-1:403958261174:secret:gone', Format: 'plain' }, url));
      expect(JSON.parse(received[1]!)).toMatchObject({ Status: 'FAILED' });
    } finally {
      for (const k of ['AWS_ENDPOINT_URL_SECRETS_MANAGER', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) delete process.env[k];
      await new Promise<void>((r) => cfn.close(() => r()));
    }
  });
});
