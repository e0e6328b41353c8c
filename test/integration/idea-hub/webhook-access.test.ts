/**
 * Nobody reaches the automation webhooks but a stored submission: a receiver trusts a call signed with the site's
 * key as a real submission, so no route may forward a caller's own data there. The former public helper route
 * (POST /api/automation-webhook) is gone from the local API as from the deployed one (both are built from
 * shared/deployment/manifest.ts); the routes whose function can sign a webhook call are the idea submission and
 * the staff console's two sends, which take a stored submission's id and nothing to send of the caller's own.
 */
import { describe, expect, it } from 'vitest';
import { functions, deployedRoutes } from '@shared/deployment/manifest';
import { sendAgainSchema, webhookSendSchema } from '@shared/contract/schemas/staff-console';
import { type RouteName } from '@shared/contract/api';
import type { SettingName } from '@shared/deployment/settings';
import { post } from '../../helpers/local-api';
import { webhookCalls } from '../../helpers/webhook-inbox';

/** What a function needs to call and sign an automation webhook: one of the URLs, or the signing key. */
const webhookSettings: readonly SettingName[] = ['WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL', 'WEBHOOK_SIGNING_SECRET'];

describe('the automation webhooks', () => {
  it('cannot be called through the API with data of the caller’s choosing', async () => {
    const since = Date.now();
    const marker = `FORGED-${since}`;
    const answer = await post('/api/automation-webhook', { webhookType: 'prod', data: { title: marker } });
    expect(answer).toEqual({ status: 404, body: { message: 'Not Found' } });
    await new Promise((r) => setTimeout(r, 300));
    expect((await webhookCalls({ since })).filter((c) => c.body.includes(marker))).toEqual([]);
  });

  it('are reached by no route except the idea submission', () => {
    const reaching = (Object.keys(deployedRoutes) as RouteName[]).filter((name) => {
      const settings: readonly string[] = functions[deployedRoutes[name].fn].settings;
      return webhookSettings.some((s) => settings.includes(s));
    });
    // The idea route may hand its deliveries to another function; only the staff console's sends join it.
    expect(reaching.filter((name) => name !== 'createIdea')).toEqual(['sendDeliveryAgain', 'sendToWebhook']);
    for (const name of ['sendDeliveryAgain', 'sendToWebhook'] as const) expect(deployedRoutes[name].access).toBe('staff');
    // They name a stored submission (and, for Send again, the count of presses the screen showed); there is no field
    // for data or files of the caller's own (strict schemas).
    expect(Object.keys(sendAgainSchema.shape).sort()).toEqual(['id', 'sentAgain', 'target']);
    expect(Object.keys(webhookSendSchema.shape).sort()).toEqual(['id', 'webhookType']);
    expect(Object.values(deployedRoutes).map((r) => r.path)).not.toContain('/api/automation-webhook');
  });
});
