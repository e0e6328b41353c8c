/**
 * The profile handler (GET /api/profile) against the local DynamoDB stand-in: a user reads only their own row.
 * PUT /api/profile (a write) runs only for a live session, which Cognito answers: its cases, a rename of an
 * erased person's profile among them, are in test/integration/accounts/profile-api.test.ts and
 * test/integration/bad-inputs/profile.test.ts, against the local stack. Here: the rename never creates a row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as profileHandler } from '../../../../lambdas/handlers/profile';
import { getProfile, profileCreation, profileStore } from '../../../../lambdas/data/profiles';
import { routes } from '@shared/contract/api';
import { httpEvent, lambdaContext } from '../../../helpers/http-event';
import { withMemoryDynamo } from '../../../helpers/memory-dynamodb';

withMemoryDynamo();

beforeAll(async () => {
  await profileCreation.createIfAbsent({ id: 'user-1', username: 'ada', created_at: '2026-11-22T10:00:00.000Z' });
});

/** A request to /api/profile; `sub` is the signed-in user the JWT authorizer let through. */
const profileEvent = (sub: string | undefined) => httpEvent(routes.getProfile, undefined, sub ? { claims: { sub } } : {});

describe('profile handler', () => {
  it('GET answers the caller’s own profile', async () => {
    const res = await profileHandler(profileEvent('user-1'), lambdaContext);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body as string)).toMatchObject({ id: 'user-1', username: 'ada', created_at: '2026-11-22T10:00:00.000Z' });
  });

  it('GET of an account without a row answers 404', async () => {
    const res = await profileHandler(profileEvent('nobody'), lambdaContext);
    expect(res.statusCode).toBe(404);
  });

  it('without a verified sub the handler answers 401', async () => {
    const res = await profileHandler(profileEvent(undefined), lambdaContext);
    expect(res.statusCode).toBe(401);
  });
});

describe('the profiles table', () => {
  it('renames an existing row and keeps its member-since date', async () => {
    expect(await profileStore.updateUsername('user-1', 'ada lovelace')).toEqual({ id: 'user-1', username: 'ada lovelace', created_at: '2026-11-22T10:00:00.000Z' });
  });

  it('never creates a row by renaming one that is not there (an erased person’s)', async () => {
    expect(await profileStore.updateUsername('erased-user', 'mallory')).toBeUndefined();
    expect(await getProfile('erased-user')).toBeUndefined();
  });
});
