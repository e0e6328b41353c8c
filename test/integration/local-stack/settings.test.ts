/**
 * Where the local stack's settings come from: tests' explicit values, then the environment, then `.env`, then
 * the local defaults of shared/deployment/settings.ts; `{webhookInbox}` points the webhooks at the local inbox.
 */
import { describe, expect, it } from 'vitest';
import { settings } from '@shared/deployment/settings';
import { parseDotEnv, resolveSettings } from '../../../infra/local/settings';

describe('.env parsing', () => {
  it('reads KEY=VALUE lines with comments, quotes and export', () => {
    const parsed = parseDotEnv(
      [
        '# a comment',
        '',
        'MAIL_FROM=Cadence AI <hello@example.com>',
        'export SITE_ORIGIN=http://localhost:4000',
        "WEBHOOK_SIGNING_SECRET='single # not a comment'",
        'STRIPE_SECRET_KEY="sk_test_\\"quoted\\""',
        'PROMPT_WEBHOOK_URL=http://hooks.example/x # trailing comment',
        'MAIL_TO = a@example.com,b@example.com',
        'not a setting line',
        'MULTI="line1\\nline2"',
      ].join('\n'),
    );
    expect(parsed).toEqual({
      MAIL_FROM: 'Cadence AI <hello@example.com>',
      SITE_ORIGIN: 'http://localhost:4000',
      WEBHOOK_SIGNING_SECRET: 'single # not a comment',
      STRIPE_SECRET_KEY: 'sk_test_"quoted"',
      PROMPT_WEBHOOK_URL: 'http://hooks.example/x',
      MAIL_TO: 'a@example.com,b@example.com',
      MULTI: 'line1\nline2',
    });
  });
});

describe('settings resolution', () => {
  const base = { webhookInboxUrl: 'http://127.0.0.1:5555', siteUrl: 'http://localhost:3001' };

  it('falls back to the local defaults, with the webhooks in the local inbox and the origin of the real port', () => {
    const resolved = resolveSettings(base);
    expect(resolved.WEBHOOK_TEST_URL).toBe('http://127.0.0.1:5555/hooks/test');
    expect(resolved.WEBHOOK_PROD_URL).toBe('http://127.0.0.1:5555/hooks/prod');
    expect(resolved.SITE_ORIGIN).toBe('http://localhost:3001');
    expect(resolved.MAIL_TO).toBe(settings.MAIL_TO.localDefault);
    expect(Object.keys(resolved).sort()).toEqual(Object.keys(settings).sort());
  });

  it('takes explicit values over the environment, the environment over .env, .env over the defaults', () => {
    const resolved = resolveSettings({
      ...base,
      explicit: { MAIL_FROM: 'explicit@example.com' },
      env: { MAIL_FROM: 'env@example.com', MAIL_TO: 'env-to@example.com' },
      dotEnv: { MAIL_FROM: 'file@example.com', MAIL_TO: 'file-to@example.com', SITE_ORIGIN: 'https://site.example', PROMPT_WEBHOOK_URL: '{webhookInbox}/hooks/prompt' },
    });
    expect(resolved.MAIL_FROM).toBe('explicit@example.com');
    expect(resolved.MAIL_TO).toBe('env-to@example.com');
    expect(resolved.SITE_ORIGIN).toBe('https://site.example');
    expect(resolved.PROMPT_WEBHOOK_URL).toBe('http://127.0.0.1:5555/hooks/prompt');
  });
});
