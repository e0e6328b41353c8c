/**
 * The conventions every Lambda handler shares: a domain failure's kind decides the status in one place, and
 * a function whose required setting is missing refuses to run, naming the setting. And the staff check: a staff
 * route serves only a verified token whose `cognito:groups` claim names the staff group, as API Gateway hands it
 * over (`[a b]`) or as a list; the check runs before the input is read, so a caller who may not use the route
 * learns nothing of its rules.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deployedRoutes, originVerifyHeader, originVerifyValueEnv, type DeployedRouteDef } from '@shared/deployment/manifest';
import * as z from '@shared/contract/schemas/zod';
import { DomainError } from '../../../../lambdas/domain/errors';
import { httpHandler, needsLiveSession, ok, tokenGroups, type SessionRefusal } from '../../../../lambdas/lib/http';
import { call } from '../../../helpers/http-event';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('httpHandler', () => {
  it.each([
    ['invalid', 400],
    ['forbidden', 403],
    ['not-found', 404],
    ['conflicting', 422],
    ['upstream-failed', 502],
    ['unavailable', 503],
  ] as const)("answers a '%s' domain failure with %i and its message", async (kind, status) => {
    const handler = httpHandler(deployedRoutes.createPayment, null, async () => {
      throw new DomainError(kind, 'Told to the caller.');
    });
    process.env.SITE_ORIGIN = 'http://localhost:3000';
    expect(await call(handler, deployedRoutes.createPayment)).toEqual({ status, body: { message: 'Told to the caller.' } });
  });

  it('refuses to run without a required setting of its function, naming it', async () => {
    delete process.env.SITE_ORIGIN;
    const handler = httpHandler(deployedRoutes.createPayment, null, async () => ({ statusCode: 204 }));
    await expect(call(handler, deployedRoutes.createPayment)).rejects.toThrow(/SITE_ORIGIN/);
    process.env.SITE_ORIGIN = 'http://localhost:3000';
    expect((await call(handler, deployedRoutes.createPayment)).status).toBe(204);
  });
});

describe('the staff check', () => {
  const route: DeployedRouteDef = { method: 'POST', path: '/api/staff/submission', fn: 'uploads', access: 'staff', throttle: { rate: 1, burst: 1 }, maxBodyBytes: 1024 };
  let ran = 0;
  /** What the live-session check was asked, and what it answers (lambdas/composition/sessions.ts asks Cognito). */
  const sessions: string[] = [];
  let refusal: SessionRefusal | undefined;
  const handler = httpHandler(
    route,
    z.strictObject({ id: z.string() }),
    async ({ userId }) => {
      ran += 1;
      return ok({ userId });
    },
    {
      session: async ({ token }) => {
        sessions.push(token);
        return refusal;
      },
    },
  );

  beforeEach(() => {
    process.env[originVerifyValueEnv] = 'site';
  });
  const headers = { [originVerifyHeader]: 'site' };

  describe('tokenGroups', () => {
    it('reads the claim as API Gateway passes it, as a list, or not at all', () => {
      expect(tokenGroups({ 'cognito:groups': '[staff]' })).toEqual(['staff']);
      expect(tokenGroups({ 'cognito:groups': '[admins staff]' })).toEqual(['admins', 'staff']);
      expect(tokenGroups({ 'cognito:groups': ['staff'] })).toEqual(['staff']);
      expect(tokenGroups({ 'cognito:groups': 'staff' })).toEqual(['staff']);
      expect(tokenGroups({})).toEqual([]);
      expect(tokenGroups(undefined)).toEqual([]);
      expect(tokenGroups({ 'cognito:groups': 42 })).toEqual([]);
    });
  });

  describe('a staff route', () => {
    const withToken = { ...headers, authorization: 'Bearer ann-token' };

    it('serves a member of the staff group whose session is live', async () => {
      refusal = undefined;
      expect(await call(handler, route, { id: 'x' }, { headers: withToken, claims: { sub: 'ann', 'cognito:groups': '[staff]' } })).toEqual({ status: 200, body: { userId: 'ann' } });
      expect(sessions.at(-1)).toBe('ann-token');
    });

    it('refuses, before reading the input, a session the check refuses (signed out everywhere, erased), or a request without the token', async () => {
      const before = ran;
      refusal = { status: 401, message: 'Unauthorized' };
      expect(await call(handler, route, 'not json', { headers: withToken, claims: { sub: 'ann', 'cognito:groups': '[staff]' } })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      refusal = undefined;
      expect(await call(handler, route, { id: 'x' }, { headers, claims: { sub: 'ann', 'cognito:groups': '[staff]' } })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(ran).toBe(before);
    });

    it('cannot be built without a session check, nor can a signed-in write', () => {
      expect(() => httpHandler(route, null, async () => ok({}))).toThrow(/needs a session check/);
      expect(() => httpHandler(deployedRoutes.updateProfile, null, async () => ok({}))).toThrow(/needs a session check/);
      expect(() => httpHandler(deployedRoutes.getProfile, null, async () => ok({}))).not.toThrow();
      expect(needsLiveSession(deployedRoutes.createContactMessage)).toBe(false);
    });

    it('refuses any token but an access token (401), whatever the authorizer let through', async () => {
      const before = ran;
      for (const tokenUse of ['id', '', 'refresh']) {
        const answer = await call(handler, route, { id: 'x' }, { headers, claims: { sub: 'ann', 'cognito:groups': '[staff]', token_use: tokenUse } });
        expect(answer, tokenUse).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      }
      expect(ran).toBe(before);
    });

    it('refuses a caller without a verified sub (401) and anyone outside the group (403), before reading the input', async () => {
      const before = ran;
      expect((await call(handler, route, { id: 'x' }, { headers })).status).toBe(401);
      for (const groups of ['', '[]', '[staffing]', '[Staff]', '[admins]', '[staff-readonly]', '[xstaff]']) {
        const answer = await call(handler, route, 'not json at all', { headers, claims: { sub: 'bo', 'cognito:groups': groups } });
        expect(answer, groups).toEqual({ status: 403, body: { message: 'This is for staff only. Ask an operator to add you to the staff group.' } });
      }
      // A non-staff caller's claim in other claims or headers changes nothing.
      expect((await call(handler, route, { id: 'x' }, { headers: { ...headers, 'x-cognito-groups': 'staff' }, claims: { sub: 'bo', groups: 'staff', 'custom:groups': 'staff' } })).status).toBe(403);
      expect(ran).toBe(before);
    });
  });
});
