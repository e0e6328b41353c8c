/**
 * The conventions every Lambda handler shares: a domain failure's kind decides the status in one place, and
 * a function whose required setting is missing refuses to run, naming the setting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deployedRoutes } from '@shared/deployment/manifest';
import { DomainError } from '../../../../lambdas/domain/errors';
import { httpHandler } from '../../../../lambdas/lib/http';
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
