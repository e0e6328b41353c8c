/**
 * The post-confirmation trigger and the profile handler against a real (in-memory) DynamoDB stand-in.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createRequire } from 'node:module';
import { handler as postConfirmation } from '../../../../lambdas/triggers/post-confirmation';
import { handler as profileHandler } from '../../../../lambdas/handlers/profile';
import { getProfile } from '../../../../lambdas/data/profiles';
import { resetClients } from '../../../../lambdas/lib/aws';
import { routes } from '@shared/contract/api';
import { httpEvent, lambdaContext } from '../../../helpers/http-event';

interface Dynalite {
  listen(port: number, host: string, cb: () => void): void;
  close(cb: () => void): void;
}
// dynalite ships no types; loaded through require so this test needs no ambient declaration.
const dynalite = createRequire(import.meta.url)('dynalite') as (options: { createTableMs: number }) => Dynalite;
let server: Dynalite;
const saved = { ...process.env };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${port}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_PROFILES: 'unit-profiles',
  });
  resetClients();
  await new DynamoDBClient({}).send(
    new CreateTableCommand({
      TableName: 'unit-profiles',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  process.env = saved;
  resetClients();
});

function confirmation(
  triggerSource: PostConfirmationTriggerEvent['triggerSource'],
  userAttributes: Record<string, string>,
): PostConfirmationTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'pool',
    userName: userAttributes.sub ?? 'x',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: { userAttributes },
    response: {},
  };
}

/** A request to /api/profile; `sub` is the signed-in user the JWT authorizer let through. */
const profileEvent = (method: 'GET' | 'PUT', sub: string | undefined, body?: unknown) =>
  httpEvent(method === 'GET' ? routes.getProfile : routes.updateProfile, body, sub ? { claims: { sub } } : {});

describe('post-confirmation trigger', () => {
  it('creates the profile on sign-up confirmation with the chosen username', async () => {
    const before = Date.now();
    await postConfirmation(
      confirmation('PostConfirmation_ConfirmSignUp', { sub: 'user-1', email: 'ada@example.com', preferred_username: 'ada' }),
    );
    const row = await getProfile('user-1');
    expect(row?.username).toBe('ada');
    expect(Date.parse(row?.created_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a replay leaves an existing (renamed) profile untouched', async () => {
    await profileHandler(profileEvent('PUT', 'user-1', { username: 'ada lovelace' }), lambdaContext);
    const renamed = await getProfile('user-1');
    await postConfirmation(
      confirmation('PostConfirmation_ConfirmSignUp', { sub: 'user-1', email: 'ada@example.com', preferred_username: 'ada' }),
    );
    expect(await getProfile('user-1')).toEqual(renamed);
    expect(renamed?.username).toBe('ada lovelace');
  });

  it('a confirmed password reset does not create a profile', async () => {
    await postConfirmation(
      confirmation('PostConfirmation_ConfirmForgotPassword', { sub: 'user-2', email: 'bob@example.com', preferred_username: 'bob' }),
    );
    expect(await getProfile('user-2')).toBeUndefined();
  });
});

describe('profile handler', () => {
  it('GET answers the caller’s own profile', async () => {
    const res = await profileHandler(profileEvent('GET', 'user-1'), lambdaContext);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body as string)).toMatchObject({ id: 'user-1', username: 'ada lovelace' });
  });

  it('GET of an account without a row answers 404', async () => {
    const res = await profileHandler(profileEvent('GET', 'nobody'), lambdaContext);
    expect(res.statusCode).toBe(404);
  });

  it('PUT with a short username answers 400 with the form message and writes nothing', async () => {
    const res = await profileHandler(profileEvent('PUT', 'user-1', { username: 'ab' }), lambdaContext);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body as string).fieldErrors).toEqual({ username: ['Username must be at least 3 characters'] });
    expect((await getProfile('user-1'))?.username).toBe('ada lovelace');
  });

  it('PUT naming another id is refused', async () => {
    const res = await profileHandler(profileEvent('PUT', 'user-1', { id: 'user-3', username: 'mallory' }), lambdaContext);
    expect(res.statusCode).toBe(400);
    expect(await getProfile('user-3')).toBeUndefined();
  });

  it('without a verified sub the handler answers 401', async () => {
    const res = await profileHandler(profileEvent('GET', undefined), lambdaContext);
    expect(res.statusCode).toBe(401);
  });
});
