/**
 * One client cannot use up everyone's budget: a visitor (or a script) flooding a form route is answered 429 once
 * it passes its own limit (shared/deployment/manifest.ts `localClientLimits`, the deployed WAF's rule played locally), while
 * another visitor's demo request sent in the middle of the flood is still stored (201). The integration stack
 * counts clients by X-Forwarded-For (its test-only `trustForwardedFor`), so the two visitors are two addresses.
 */
import { describe, expect, it } from 'vitest';
import { localClientLimits, routes } from '@shared/deployment/manifest';
import { post } from '../../helpers/local-api';
import { runToken, validDemo } from '../lead-capture/support';

describe('per-client limit on the write routes', () => {
  it('a flood from one client is answered 429, and another client’s demo request is still accepted', async () => {
    const flooder = { 'x-forwarded-for': '203.0.113.50' };
    const visitor = { 'x-forwarded-for': '198.51.100.23' };
    const limit = localClientLimits.writeRequestsPer5MinPerIp;
    // Invalid demo requests (400 from validation), as a script hammering the form would send them, in waves.
    const statuses: number[] = [];
    for (let sent = 0; sent < limit + 50; sent += 50) {
      const wave = await Promise.all(
        Array.from({ length: 50 }, () => post(routes.createDemoRequest.path, { name: '' }, { retryThrottled: false, headers: flooder })),
      );
      statuses.push(...wave.map((a) => a.status));
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);

    // The flooder stays limited...
    const again = await post(routes.createDemoRequest.path, validDemo(runToken()), { retryThrottled: false, headers: flooder });
    expect(again).toEqual({ status: 429, body: { message: 'Too many requests' } });
    // ...while a real visitor's submission goes through at once (no 429 waited out: retryThrottled is off).
    const lead = await post(routes.createDemoRequest.path, validDemo(runToken()), { retryThrottled: false, headers: visitor });
    expect(lead.status).toBe(201);
    expect(lead.body.id).toEqual(expect.any(String));
  });

  it('does not limit reads', async () => {
    const flooder = { 'x-forwarded-for': '203.0.113.50' };
    const { apiUrl } = (await import('../../helpers/local-stack')).localStack();
    const response = await fetch(`${apiUrl}${routes.openAttachment.path}?key=attachments/x`, { headers: flooder });
    expect(response.status).not.toBe(429);
  });
});
