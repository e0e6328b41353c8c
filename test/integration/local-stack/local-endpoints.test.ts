/**
 * The local stack is not an open door on a developer's laptop. A web page open in the developer's browser can
 * send requests to 127.0.0.1: a `text/plain` or form POST needs no CORS preflight, and the emulators answer
 * preflights for anyone. So every local endpoint that changes state refuses a request that carries another
 * origin's `Origin` (or a Host other than 127.0.0.1/localhost, as DNS rebinding would send), and the local Lambda
 * service also wants the random per-start token the stack puts in the SDK's endpoint (AWS_ENDPOINT_URL_LAMBDA),
 * which no page can know. The SDK, which sends no Origin, and the site's own pages (Cognito, uploads) still work.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { resourceName } from '@shared/deployment/manifest';
import { dynamo } from '../../../lambdas/lib/dynamo';
import { tableName } from '../../../lambdas/lib/env';
import { uniqueEmail } from '../../helpers/cognito';
import { localStack, sdkConfig } from '../../helpers/local-stack';
import { listMails } from '../../helpers/mailbox';
import { webhookCalls } from '../../helpers/webhook-inbox';

const stack = localStack();
const evil = 'https://evil.example';
const lambdaOrigin = new URL(stack.endpoints.lambda).origin;

async function profileRow(id: string) {
  return (await dynamo().send(new GetCommand({ TableName: tableName('profiles'), Key: { id }, ConsistentRead: true }))).Item;
}

/** The post-confirmation trigger's event: running it creates a profile row, which shows whether it ran. */
function confirmationEvent(sub: string) {
  return JSON.stringify({
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    userName: sub,
    request: { userAttributes: { sub, email: 'victim@example.com', preferred_username: 'pwned-by-page' } },
    response: {},
  });
}

const invokePath = `/2015-03-31/functions/${resourceName('local', 'authPostConfirmation')}/invocations`;

/** What a page's `fetch(url, { method: 'POST', mode: 'no-cors', body })` sends: a text/plain body and its Origin. */
const fromPage = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { origin: evil, 'content-type': 'text/plain;charset=UTF-8', ...headers }, body }).then(async (r) => ({
    status: r.status,
    text: await r.text(),
  }));

/** A request with a Host header of our choosing (fetch would not send one), as a DNS-rebound page's would be. */
function withHost(url: string, host: string, body: string): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, method: 'POST', headers: { host, 'content-type': 'text/plain' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the local Lambda service', () => {
  it('does not run a function for a cross-origin text/plain request from a web page', async () => {
    const sub = randomUUID();
    // Even with the token (a page cannot know it, but the Origin alone must suffice).
    expect((await fromPage(`${stack.endpoints.lambda}${invokePath}`, confirmationEvent(sub))).status).toBe(403);
    // Without it, as a page would have to send it.
    expect((await fromPage(`${lambdaOrigin}${invokePath}`, confirmationEvent(sub))).status).toBe(403);
    expect(await profileRow(sub)).toBeUndefined();
  });

  it('refuses a request without the per-start token, or with a Host that is not this machine, even without an Origin', async () => {
    const sub = randomUUID();
    const bare = await fetch(`${lambdaOrigin}${invokePath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: confirmationEvent(sub) });
    expect(bare.status).toBe(403);
    const wrong = await fetch(`${lambdaOrigin}/not-the-token${invokePath}`, { method: 'POST', body: confirmationEvent(sub) });
    expect(wrong.status).toBe(403);
    expect(await withHost(`${stack.endpoints.lambda}${invokePath}`, 'evil.example', confirmationEvent(sub))).toBe(403);
    expect(await profileRow(sub)).toBeUndefined();
  });

  it('runs it for the SDK, which the stack points at the endpoint with the token', async () => {
    expect(stack.env.AWS_ENDPOINT_URL_LAMBDA).toBe(stack.endpoints.lambda);
    expect(new URL(stack.endpoints.lambda).pathname.length).toBeGreaterThan(20);
    const sdk = new LambdaClient({ ...sdkConfig(stack), endpoint: stack.endpoints.lambda });
    const sub = randomUUID();
    const out = await sdk.send(new InvokeCommand({ FunctionName: resourceName('local', 'authPostConfirmation'), Payload: Buffer.from(confirmationEvent(sub)) }));
    sdk.destroy();
    expect(out.StatusCode).toBe(200);
    expect(await profileRow(sub)).toMatchObject({ id: sub });
  });
});

describe('the other local endpoints that change state refuse a web page of another origin', () => {
  it('DynamoDB (dynalite): no write, and no preflight answered', async () => {
    const id = randomUUID();
    const put = await fetch(stack.endpoints.dynamodb, {
      method: 'POST',
      headers: { origin: evil, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.PutItem' },
      body: JSON.stringify({ TableName: tableName('profiles'), Item: { id: { S: id }, username: { S: 'pwned' }, created_at: { S: 'x' } } }),
    });
    expect(put.status).toBe(403);
    const preflight = await fetch(stack.endpoints.dynamodb, {
      method: 'OPTIONS',
      headers: { origin: evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-amz-target' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(await profileRow(id)).toBeUndefined();
  });

  it('S3 (s3rver): no object from another origin’s form; the site’s own origin may still upload', async () => {
    const bucket = `${stack.endpoints.s3}/${resourceName('local', 'uploads')}`;
    const form = (key: string) => {
      const body = new FormData();
      body.append('key', key);
      body.append('file', new Blob(['hello']), 'x.txt');
      return body;
    };
    const key = `incoming/${randomUUID()}/x.txt`;
    expect((await fetch(bucket, { method: 'POST', headers: { origin: evil }, body: form(key) })).status).toBe(403);
    expect((await fetch(`${bucket}/${key}`)).status).toBe(404);
    const own = `incoming/${randomUUID()}/y.txt`;
    expect((await fetch(bucket, { method: 'POST', headers: { origin: stack.siteUrl }, body: form(own) })).status).toBeLessThan(300);
  });

  it('SES (aws-ses-v2-local): neither sends a mail nor clears the mailbox; the SDK still sends', async () => {
    const to = uniqueEmail('victim');
    const kept = uniqueEmail('kept');
    const since = Date.now() - 1000;
    const ses = new SESv2Client({ ...sdkConfig(stack), endpoint: stack.endpoints.sesv2 });
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'a@example.com',
        Destination: { ToAddresses: [kept] },
        Content: { Simple: { Subject: { Data: 'kept' }, Body: { Text: { Data: 'kept' } } } },
      }),
    );
    ses.destroy();
    const send = await fetch(`${stack.endpoints.sesv2}/`, {
      method: 'POST',
      headers: { origin: evil, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Action: 'SendEmail', Source: 'a@example.com', 'Destination.ToAddresses.member.1': to, 'Message.Subject.Data': 'hi', 'Message.Body.Text.Data': 'hi' }).toString(),
    });
    expect(send.status).toBe(403);
    expect((await fromPage(`${stack.endpoints.sesv2}/clear-store`, '')).status).toBe(403);
    expect(await listMails({ to, since })).toEqual([]);
    expect(await listMails({ to: kept, since })).toHaveLength(1);
  });

  it('Cognito (cognito-local): refuses another origin, and answers the site’s own pages', async () => {
    const call = (origin: string, email: string) =>
      fetch(stack.endpoints.cognito, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
        body: JSON.stringify({
          ClientId: stack.userPoolClientId,
          Username: email,
          Password: 'secret-pass-1',
          UserAttributes: [{ Name: 'email', Value: email }, { Name: 'preferred_username', Value: 'page' }],
        }),
      });
    expect((await call(evil, uniqueEmail('evil'))).status).toBe(403);
    const preflight = await fetch(stack.endpoints.cognito, { method: 'OPTIONS', headers: { origin: evil, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    expect((await call(stack.siteUrl, uniqueEmail('own'))).status).toBe(200);
  });

  it('the webhook inbox: records no call and changes no fault', async () => {
    const marker = randomUUID();
    const since = Date.now() - 1000;
    expect((await fromPage(`${stack.webhookInboxUrl}/hooks/test`, marker)).status).toBe(403);
    expect((await fromPage(`${stack.webhookInboxUrl}/hooks-control`, JSON.stringify({ name: 'test', status: 503 }))).status).toBe(403);
    expect((await fromPage(`${stack.webhookInboxUrl}/clear`, '')).status).toBe(403);
    expect((await webhookCalls({ since })).filter((c) => c.body.includes(marker))).toEqual([]);
  });
});
