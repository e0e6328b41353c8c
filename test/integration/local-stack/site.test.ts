/**
 * The site's origin as the local stack serves it: the built files the way CloudFront serves them (prerendered
 * routes, the SPA fallback, pre-compressed files), the runtime /config.json, and the webhook inbox.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@shared/contract/runtime-config';
import { pages } from '@shared/content/site';
import { startLocalStack, type LocalStack } from '../../../infra/local/stack';
import { startWebhookInbox, type WebhookInbox } from '../../../infra/local/webhook-inbox';
import { localStack, testSettings } from '../../helpers/local-stack';
import { failHook, restoreAllHooks, webhookCalls } from '../../helpers/webhook-inbox';

const root = mkdtempSync(join(tmpdir(), 'agency-site-'));
const web = join(root, 'dist');
const appJs = `console.log(${JSON.stringify('x'.repeat(2000))});`;

function writeDist() {
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(join(web, 'services'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Home</title><h1>Prerendered home</h1>');
  writeFileSync(join(web, 'spa.html'), '<!doctype html><title>App</title><div id="root"></div><!-- spa shell -->');
  writeFileSync(join(web, 'services', 'index.html'), '<!doctype html><title>Services</title><h1>Prerendered services</h1>');
  writeFileSync(join(web, '404.html'), '<!doctype html><title>Page not found</title><h1>Prerendered not found</h1>');
  writeFileSync(join(web, 'csp-hashes.json'), JSON.stringify({ 'script-src': ["'sha256-abc='"] }));
  writeFileSync(join(web, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(join(web, 'assets', 'app-abc123.js'), appJs);
  writeFileSync(join(web, 'assets', 'app-abc123.js.br'), brotliCompressSync(appJs));
  writeFileSync(join(web, 'assets', 'app-abc123.js.gz'), gzipSync(appJs));
}

let stack: LocalStack;
beforeAll(async () => {
  writeDist();
  stack = await startLocalStack({
    port: 0,
    stateDir: join(root, 'state'),
    web: 'dist',
    webDir: web,
    quiet: true,
    envFile: false,
    deliveryRetryIntervalMs: 0,
    settings: testSettings(),
  });
});
afterAll(async () => {
  await stack?.stop();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.siteUrl}${path}`, { headers });

describe('the built web app', () => {
  it('serves the prerendered home page at /', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('Prerendered home');
  });

  it('serves a prerendered route from <route>/index.html, with or without the trailing slash', async () => {
    expect(await (await get('/services')).text()).toContain('Prerendered services');
    expect(await (await get('/services/')).text()).toContain('Prerendered services');
  });

  it(`answers a client-rendered route (${pages.profile.path}) with the SPA shell, not the home page (which would not hydrate)`, async () => {
    for (const path of [pages.profile.path, `${pages.auth.path}/`]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('spa shell');
    }
  });

  it('answers a path no page has with the not-found page and status 404', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Prerendered not found');
  });

  it("sends the build's Content-Security-Policy with the local Cognito and S3 allowed to connect", async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src')) ?? '';
    expect(connect).toContain("'self'");
    expect(connect).toContain(stack.endpoints.cognito);
    expect(connect).toContain(stack.endpoints.s3);
  });

  it('answers 404 for a missing file, not the SPA shell', async () => {
    const response = await get('/assets/missing-123.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('spa shell');
  });

  it('never serves files from outside the build', async () => {
    // The state folder lies next to this build: reaching it would leak the pool's ids.
    for (const path of ['/..%2fstate%2fstack.json', '/%2e%2e%2fstate/stack.json', '/%2e%2e/state/stack.json', '/..%5cstate%5cstack.json']) {
      const text = await (await get(path)).text();
      expect(text).not.toContain('userPoolId');
    }
  });

  it('sends the pre-compressed sibling the browser accepts, and caches hashed assets for good', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(await br.text()).toBe(appJs);
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(appJs);
    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(appJs);
  });

  it('serves plain files with their type', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('User-agent');
  });
});

describe('/config.json', () => {
  it('is the runtime configuration of the shared schema, pointing at the local pool', async () => {
    const response = await get('/config.json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = runtimeConfigSchema.parse(await response.json());
    expect(config).toEqual(stack.runtimeConfig);
    expect(config).toMatchObject({
      stage: 'local',
      apiUrl: '',
      auth: { userPoolId: stack.userPoolId, userPoolClientId: stack.userPoolClientId, userPoolEndpoint: stack.endpoints.cognito, authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });
});

describe('the webhook inbox', () => {
  let inbox: WebhookInbox;
  beforeAll(async () => {
    inbox = await startWebhookInbox();
  });
  afterAll(() => inbox.stop());

  it('is where the local settings send both automation webhooks', () => {
    const shared = localStack();
    expect(shared.env.WEBHOOK_TEST_URL).toBe(`${shared.webhookInboxUrl}/hooks/test`);
    expect(shared.env.WEBHOOK_PROD_URL).toBe(`${shared.webhookInboxUrl}/hooks/prod`);
  });

  it('records each call and answers 200 { ok: true }', async () => {
    const response = await fetch(`${inbox.url}/hooks/test?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'sig' },
      body: JSON.stringify({ webhookType: 'test', data: { a: 1 } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const calls = await webhookCalls({ name: 'test', inboxUrl: inbox.url });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      name: 'test',
      method: 'POST',
      path: '/hooks/test',
      query: { x: '1' },
      body: JSON.stringify({ webhookType: 'test', data: { a: 1 } }),
      bodyEncoding: 'utf8',
      status: 200,
    });
    expect(calls[0]?.headers['x-signature']).toBe('sig');
    expect(inbox.calls()).toHaveLength(1);
  });

  it('keeps binary bodies as base64', async () => {
    await fetch(`${inbox.url}/hooks/bin`, { method: 'POST', body: Buffer.from([0xff, 0xfe, 0x00]) });
    const [call] = await webhookCalls({ name: 'bin', inboxUrl: inbox.url });
    expect(call?.bodyEncoding).toBe('base64');
    expect(Buffer.from(call?.body ?? '', 'base64')).toEqual(Buffer.from([0xff, 0xfe, 0x00]));
  });

  it('fails a hook on request, for a number of calls or until restored', async () => {
    const name = `flaky-${randomUUID().slice(0, 6)}`;
    const post = () => fetch(`${inbox.url}/hooks/${name}`, { method: 'POST', body: '{}' }).then((r) => r.status);
    await failHook(name, 503, 2, inbox.url);
    expect([await post(), await post(), await post()]).toEqual([503, 503, 200]);
    await failHook(name, 500, undefined, inbox.url);
    expect([await post(), await post()]).toEqual([500, 500]);
    await restoreAllHooks(inbox.url);
    expect(await post()).toBe(200);
    // Failed calls are recorded too, with what the inbox answered.
    expect((await webhookCalls({ name, inboxUrl: inbox.url })).map((c) => c.status)).toEqual([503, 503, 200, 500, 500, 200]);
  });

  it('lists calls on its page and forgets them on clear', async () => {
    const page = await fetch(inbox.url);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/hooks/test');
    expect((await fetch(`${inbox.url}/clear`, { method: 'POST' })).status).toBe(200);
    expect(await webhookCalls({ inboxUrl: inbox.url })).toEqual([]);
  });
});
