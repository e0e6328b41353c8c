/**
 * No route can be emptied by one client: every route of the manifest, reads included, is counted by a per-client
 * limit (shared/deployment/manifest.ts `clientLimitOf` / `localClientLimits`, the deployed WAF's rate-based rules
 * played locally), and each route's shared throttle holds more than one client may send. So a client flooding a
 * route is answered 429 once past its own limit, while another client's request to that route, a read and a write
 * are still answered at once. The route list is read from the manifest: a new route is covered without a change
 * here. The integration stack counts clients by X-Forwarded-For (its test-only `trustForwardedFor`).
 *
 * And a request to a signed-in route without a token, or with an invalid one, is refused before it spends the
 * route's budget: once, 45 such requests locked a signed-in user out of their profile.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clientLimitOf, clientLimitSetting, deployedRoutes, localClientLimits, type DeployedRouteDef } from '@shared/deployment/manifest';
import { needsSignIn, routes, type RouteName } from '@shared/contract/api';
import { createConfirmedUser, signIn } from '../../helpers/cognito';
import { localStack } from '../../helpers/local-stack';
import { runToken, validContact } from '../lead-capture/support';

const { apiUrl } = localStack();
let accessToken = '';

beforeAll(async () => {
  const user = await createConfirmedUser({ username: 'limited-visitor' });
  accessToken = (await signIn(user.email, user.password)).accessToken;
});

/** The cheapest request a script could send to a route: no valid body, and a made-up token where one is needed. */
function flood(route: DeployedRouteDef, client: string): Promise<number> {
  return request(route, client, needsSignIn(route) ? 'Bearer not-a-token' : undefined);
}

function request(route: DeployedRouteDef, client: string, authorization?: string): Promise<number> {
  const query = route.method === 'GET' ? '?key=attachments/none' : '';
  return fetch(`${apiUrl}${route.path}${query}`, {
    method: route.method,
    headers: {
      'x-forwarded-for': client,
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(authorization ? { authorization } : {}),
    },
    body: route.method === 'GET' ? undefined : '{}',
  }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });
}

/** Another visitor's read and write, both of which must go through at once (no 429 waited out). */
async function visitorReadAndWrite(client: string) {
  const read = await fetch(`${apiUrl}${routes.getProfile.path}`, { headers: { 'x-forwarded-for': client, authorization: `Bearer ${accessToken}` } });
  const write = await fetch(`${apiUrl}${routes.createContactMessage.path}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': client, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(validContact(runToken())),
  });
  return { read: read.status, write: write.status };
}

const names = Object.keys(deployedRoutes) as RouteName[];

describe('every route is limited per client', () => {
  it('covers every route of the manifest', () => {
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) expect(clientLimitSetting[clientLimitOf(name)], name).toBeDefined();
  });

  names.forEach((name, i) => {
    const route: DeployedRouteDef = deployedRoutes[name];
    const limit = localClientLimits[clientLimitSetting[clientLimitOf(name)]];
    it(`${route.method} ${route.path}: a flooding client gets 429 after ${limit}, another client's request, read and write still succeed`, { timeout: 120_000 }, async () => {
      const flooder = `198.18.${i + 1}.1`;
      const visitor = `198.19.${i + 1}.1`;
      const statuses: number[] = [];
      for (let sent = 0; sent < limit + 10; sent += 50) {
        statuses.push(...(await Promise.all(Array.from({ length: Math.min(50, limit + 10 - sent) }, () => flood(route, flooder)))));
      }
      expect(statuses.filter((s) => s !== 429)).toHaveLength(limit);
      expect(statuses.slice(limit)).toEqual(Array(10).fill(429));
      const answered = statuses[0];
      expect(answered).toBeLessThan(500);

      // The flooder stays limited; another client is answered as the flooder was at first, not 429.
      expect(await flood(route, flooder)).toBe(429);
      expect(await flood(route, visitor)).toBe(answered);
      expect(await visitorReadAndWrite(visitor)).toEqual({ read: 200, write: 201 });
    });
  });
});

describe('a signed-in route refuses a missing or invalid token before it spends anyone’s budget', () => {
  const route: DeployedRouteDef = deployedRoutes.getProfile;
  const many = route.throttle.burst + 100;

  for (const [what, authorization] of [
    ['without a token', undefined],
    ['with an invalid token', 'Bearer not-a-token'],
  ] as const) {
    it(`${many} requests ${what} from many addresses are all 401, and the signed-in user still reads their profile`, { timeout: 120_000 }, async () => {
      const statuses: number[] = [];
      for (let sent = 0; sent < many; sent += 50) {
        // 50 addresses per wave, so no per-client limit stops them: only the token check can.
        statuses.push(...(await Promise.all(Array.from({ length: 50 }, (_, j) => request(route, `198.20.${sent / 50}.${j + 1}`, authorization)))));
      }
      expect(new Set(statuses)).toEqual(new Set([401]));
      expect(await visitorReadAndWrite('198.21.0.1')).toEqual({ read: 200, write: 201 });
    });
  }
});
