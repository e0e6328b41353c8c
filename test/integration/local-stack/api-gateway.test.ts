/**
 * The local API Gateway in front of the handlers: the payload-2.0 event a handler receives, how its answer goes
 * back to the browser, and what API Gateway answers itself (unknown route, throttle, body limit, a handler that
 * is not written yet or throws). A recording handler stands in for the Lambdas here, so each rule is checked
 * on its own over real HTTP.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originVerifyHeader, deployedRoutes, type FunctionName } from '@shared/deployment/manifest';
import { ClientWindows, clientWindowMs, createLocalApi, TokenBucket, type LocalApi } from '../../../infra/local/api-gateway';
import { HandlerMissingError } from '../../../infra/local/function-hosts';
import { listen } from '../../../infra/local/net';
import { TokenRejectedError, type AccessTokenVerifier } from '../../../infra/local/tokens';

type Answer = (event: APIGatewayProxyEventV2) => unknown;
const received: { fn: FunctionName; event: APIGatewayProxyEventV2 }[] = [];
let answer: Answer = () => ({ statusCode: 200, body: '{}' });

const handlers = {
  async invoke(fn: FunctionName, event: unknown) {
    received.push({ fn, event: event as APIGatewayProxyEventV2 });
    return answer(event as APIGatewayProxyEventV2);
  },
};
const authorizer: AccessTokenVerifier = {
  async verify(token) {
    if (token !== 'good-token') throw new TokenRejectedError('invalid');
    return { sub: 'user-1', client_id: 'client', token_use: 'access', iat: 1700000000, exp: 1700003600, 'cognito:groups': ['a', 'b'] };
  },
};

let server: Server;
let base: string;

beforeAll(async () => {
  const api = createLocalApi({ hosts: handlers, authorizer: () => authorizer, log: () => undefined });
  server = createServer((req, res) => {
    void api.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(418).end();
    });
  });
  base = `http://127.0.0.1:${await listen(server, 0)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const last = () => received.at(-1) as (typeof received)[number];

describe('the event a handler receives', () => {
  it('is API Gateway payload 2.0 for the route, with lower-cased headers, cookies, query and a text body', async () => {
    answer = () => ({ statusCode: 201, body: '{"ok":true}', headers: { 'Content-Type': 'application/json' } });
    const response = await fetch(`${base}${deployedRoutes.createIdea.path}?a=1&a=2&b=x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Custom': 'Yes', Cookie: 'c1=v1; c2=v2' },
      body: '{"title":"Café"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('apigw-requestid')).toBeTruthy();
    const { fn, event } = last();
    expect(fn).toBe(deployedRoutes.createIdea.fn);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: `POST ${deployedRoutes.createIdea.path}`,
      rawPath: deployedRoutes.createIdea.path,
      rawQueryString: 'a=1&a=2&b=x',
      queryStringParameters: { a: '1,2', b: 'x' },
      cookies: ['c1=v1', 'c2=v2'],
      isBase64Encoded: false,
      body: '{"title":"Café"}',
      requestContext: { http: { method: 'POST', path: deployedRoutes.createIdea.path, sourceIp: '127.0.0.1' }, routeKey: `POST ${deployedRoutes.createIdea.path}`, stage: '$default' },
    });
    expect(event.headers['content-type']).toBe('application/json');
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.requestId).toBe(response.headers.get('apigw-requestid'));
  });

  it('carries a binary body base64-encoded', async () => {
    answer = () => ({ statusCode: 200, body: '{}' });
    const bytes = Buffer.from([0, 255, 1, 254, 10]);
    await fetch(`${base}${deployedRoutes.stripeWebhook.path}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    const { event } = last();
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body as string, 'base64')).toEqual(bytes);
  });

  it("carries the verified token's claims as strings, as API Gateway's JWT authorizer does", async () => {
    answer = () => ({ statusCode: 200, body: '{}' });
    const response = await fetch(`${base}${deployedRoutes.getProfile.path}`, { headers: { authorization: 'Bearer good-token' } });
    expect(response.status).toBe(200);
    const event = last().event as APIGatewayProxyEventV2 & { requestContext: { authorizer: { jwt: { claims: Record<string, string> } } } };
    expect(event.requestContext.authorizer.jwt.claims).toEqual({
      sub: 'user-1',
      client_id: 'client',
      token_use: 'access',
      iat: '1700000000',
      exp: '1700003600',
      'cognito:groups': '[a b]',
    });
  });
});

describe('what the browser gets back', () => {
  it('gets status, headers, cookies and a base64 body decoded', async () => {
    answer = () => ({ statusCode: 202, headers: { 'X-Out': 'yes', 'content-type': 'application/octet-stream' }, cookies: ['s=1; Path=/'], body: Buffer.from('hi').toString('base64'), isBase64Encoded: true });
    const response = await fetch(`${base}${deployedRoutes.createIdea.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(202);
    expect(response.headers.get('x-out')).toBe('yes');
    expect(response.headers.get('set-cookie')).toBe('s=1; Path=/');
    expect(await response.text()).toBe('hi');
  });

  it('gets a plain returned object as a 200 JSON body', async () => {
    answer = () => ({ hello: 'world' });
    const response = await fetch(`${base}${deployedRoutes.createIdea.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ hello: 'world' });
  });
});

describe('what API Gateway answers itself', () => {
  it('answers 404 for a path or method no route declares', async () => {
    const before = received.length;
    const unknown = await fetch(`${base}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    expect((await fetch(`${base}${deployedRoutes.createIdea.path}`)).status).toBe(404);
    expect(received.length).toBe(before);
  });

  it('leaves non-API paths to the site', async () => {
    expect((await fetch(`${base}/about`)).status).toBe(418);
  });

  it(`answers 401 on a signed-in route without a valid token, before the handler runs`, async () => {
    const before = received.length;
    const response = await fetch(`${base}${deployedRoutes.getProfile.path}`, { headers: { authorization: 'Bearer bad' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    expect(received.length).toBe(before);
  });

  it(`answers 413 for a body over the route's limit (${deployedRoutes.getPrompt.maxBodyBytes} bytes), declared or streamed`, async () => {
    answer = () => ({ statusCode: 200, body: '{}' });
    const before = received.length;
    const big = 'x'.repeat(deployedRoutes.getPrompt.maxBodyBytes + 1);
    const declared = await fetch(`${base}${deployedRoutes.getPrompt.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    const streamed = await fetch(`${base}${deployedRoutes.getPrompt.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(received.length).toBe(before);
    const fits = await fetch(`${base}${deployedRoutes.getPrompt.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big.slice(1) });
    expect(fits.status).toBe(200);
  });

  // Every route's throttle is a circuit breaker set above any one client's limit (the per-client limits are off
  // in this API), which shows the mechanism.
  it(`throttles a route beyond its burst (${deployedRoutes.openAttachment.throttle.burst}, refilled at ${deployedRoutes.openAttachment.throttle.rate}/s) with 429`, async () => {
    answer = () => ({ statusCode: 200, body: '{}' });
    const { burst } = deployedRoutes.openAttachment.throttle;
    const statuses: { status: number; body: unknown }[] = [];
    // Waves of 100 at once until the bucket runs dry (it refills while they are sent).
    while (!statuses.some((s) => s.status === 429) && statuses.length < 4 * burst) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, () =>
            fetch(`${base}${deployedRoutes.openAttachment.path}?key=x`).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
          ),
        )),
      );
    }
    const throttled = statuses.filter((s) => s.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s.status === 200).length).toBeGreaterThanOrEqual(burst);
    expect(throttled[0]?.body).toEqual({ message: 'Too many requests' });
    // Other routes have their own bucket.
    expect((await fetch(`${base}${deployedRoutes.createIdea.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
  });

  it('answers 501 with the file to write when a handler does not exist yet', async () => {
    answer = () => {
      throw new HandlerMissingError('ideas', 'lambdas/handlers/ideas.ts');
    };
    const response = await fetch(`${base}${deployedRoutes.createIdea.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(501);
    expect(((await response.json()) as { message: string }).message).toContain('lambdas/handlers/ideas.ts');
  });

  it('answers 500 like API Gateway when a handler throws', async () => {
    answer = () => {
      throw new Error('boom (expected by this test)');
    };
    const response = await fetch(`${base}${deployedRoutes.createIdea.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal Server Error' });
  });
});

describe('token bucket', () => {
  it('allows the burst at once, then the rate per second', () => {
    const bucket = new TokenBucket(2, 3);
    const t0 = Date.now();
    expect([bucket.take(t0), bucket.take(t0), bucket.take(t0), bucket.take(t0)]).toEqual([true, true, true, false]);
    expect(bucket.take(t0 + 499)).toBe(false);
    // One second refills `rate` (2) tokens.
    expect([bucket.take(t0 + 1000), bucket.take(t0 + 1000), bucket.take(t0 + 1000)]).toEqual([true, true, false]);
    expect([bucket.take(t0 + 60_000), bucket.take(t0 + 60_000), bucket.take(t0 + 60_000), bucket.take(t0 + 60_000)]).toEqual([true, true, true, false]);
  });
});

/** A second local API in front of the same recording handler, with the distribution's parts switched on. */
async function serve(options: Partial<Parameters<typeof createLocalApi>[0]>): Promise<{ url: string; close: () => Promise<void> }> {
  const api: LocalApi = createLocalApi({ hosts: handlers, authorizer: () => authorizer, log: () => undefined, ...options });
  const own = createServer((req, res) => {
    void api.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(418).end();
    });
  });
  const url = `http://127.0.0.1:${await listen(own, 0)}`;
  return { url, close: () => new Promise<void>((resolve) => own.close(() => resolve())) };
}

const postAs = (url: string, path: string, forwardedFor?: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: '{}',
  }).then((r) => r.status);

describe('what the distribution adds in front of the API', () => {
  it('limits each client on every route, one count per limit, by the connection’s address: a forged X-Forwarded-For does not escape', async () => {
    answer = () => ({ statusCode: 201, body: '{}' });
    const local = await serve({ clientLimits: { writeRequestsPer5MinPerIp: 10, readRequestsPer5MinPerIp: 4, stripeWebhookRequestsPer5MinPerIp: 2 } });
    try {
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push(await postAs(local.url, deployedRoutes.createDemoRequest.path, `192.0.2.${i + 1}`));
      expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
      // The write limit is per client across every write route, not per route.
      expect(await postAs(local.url, deployedRoutes.createIdea.path)).toBe(429);
      // Reads and Stripe's webhook have limits of their own.
      const reads = [];
      for (let i = 0; i < 5; i++) reads.push((await fetch(`${local.url}${deployedRoutes.openAttachment.path}?key=x`)).status);
      expect(reads).toEqual([201, 201, 201, 201, 429]);
      const stripe = [];
      for (let i = 0; i < 3; i++) stripe.push(await postAs(local.url, deployedRoutes.stripeWebhook.path));
      expect(stripe).toEqual([201, 201, 429]);
    } finally {
      await local.close();
    }
  });

  it('counts clients by X-Forwarded-For only when started with the test-only trustForwardedFor', async () => {
    answer = () => ({ statusCode: 201, body: '{}' });
    const local = await serve({ clientLimits: { writeRequestsPer5MinPerIp: 3, readRequestsPer5MinPerIp: 3, stripeWebhookRequestsPer5MinPerIp: 3 }, trustForwardedFor: true });
    try {
      const a = [];
      for (let i = 0; i < 4; i++) a.push(await postAs(local.url, deployedRoutes.createContactMessage.path, '203.0.113.1'));
      expect(a).toEqual([201, 201, 201, 429]);
      expect(await postAs(local.url, deployedRoutes.createContactMessage.path, '203.0.113.2, 10.0.0.1')).toBe(201);
    } finally {
      await local.close();
    }
  });

  it('adds the origin-check header to every request, replacing any value the caller sent', async () => {
    answer = () => ({ statusCode: 200, body: '{}' });
    const local = await serve({ originVerify: 'the-stage-value' });
    try {
      await fetch(`${local.url}${deployedRoutes.createIdea.path}`, { method: 'POST', headers: { 'content-type': 'application/json', [originVerifyHeader]: 'forged' }, body: '{}' });
      expect(last().event.headers[originVerifyHeader]).toBe('the-stage-value');
      await fetch(`${local.url}${deployedRoutes.openAttachment.path}?key=x`);
      expect(last().event.headers[originVerifyHeader]).toBe('the-stage-value');
    } finally {
      await local.close();
    }
  });
});

describe('client windows', () => {
  it('allow the limit per client in five minutes, then the next window starts afresh', () => {
    const windows = new ClientWindows(2);
    const t0 = Date.now();
    expect([windows.take('a', t0), windows.take('a', t0 + 1), windows.take('a', t0 + 2)]).toEqual([true, true, false]);
    expect(windows.take('b', t0 + 3)).toBe(true);
    expect(windows.take('a', t0 + clientWindowMs - 1)).toBe(false);
    expect(windows.take('a', t0 + clientWindowMs)).toBe(true);
  });
});
