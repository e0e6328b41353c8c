/**
 * The profile handler (GET and PUT /api/profile) against the local DynamoDB stand-in: a user reads and renames
 * only their own row, with the form's messages for a bad username.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as profileHandler } from '../../../../lambdas/handlers/profile';
import { getProfile, profileStore } from '../../../../lambdas/data/profiles';
import { routes } from '@shared/contract/api';
import { httpEvent, lambdaContext } from '../../../helpers/http-event';
import { withMemoryDynamo } from '../../../helpers/memory-dynamodb';

withMemoryDynamo();

beforeAll(async () => {
  await profileStore.createIfAbsent({ id: 'user-1', username: 'ada', created_at: '2026-11-22T10:00:00.000Z' });
});

/** A request to /api/profile; `sub` is the signed-in user the JWT authorizer let through. */
const profileEvent = (method: 'GET' | 'PUT', sub: string | undefined, body?: unknown) =>
  httpEvent(method === 'GET' ? routes.getProfile : routes.updateProfile, body, sub ? { claims: { sub } } : {});

describe('profile handler', () => {
  it('PUT renames the caller’s own profile', async () => {
    const res = await profileHandler(profileEvent('PUT', 'user-1', { username: 'ada lovelace' }), lambdaContext);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body as string)).toMatchObject({ id: 'user-1', username: 'ada lovelace', created_at: '2026-11-22T10:00:00.000Z' });
  });

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
