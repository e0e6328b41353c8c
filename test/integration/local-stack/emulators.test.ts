/**
 * The local DynamoDB, S3 and SES, driven through the very SDK clients the Lambdas use (lambdas/lib/dynamo.ts, s3.ts, ses.ts) with
 * nothing but the environment the local stack hands a function: if these pass, a handler's data calls reach the
 * emulators the same way they reach AWS.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { dynamo } from '../../../lambdas/lib/dynamo';
import { s3 } from '../../../lambdas/lib/s3';
import { ses } from '../../../lambdas/lib/ses';
import { bucketName, tableName } from '../../../lambdas/lib/env';
import { tables } from '@shared/deployment/manifest';
import { localStack } from '../../helpers/local-stack';
import { listMails, waitForMail } from '../../helpers/mailbox';

const stack = localStack();

describe('local DynamoDB (dynalite) through the Lambdas\' document client', () => {
  const index = tables.submissions.indexes[0];

  it('stores an item and reads it back by key', async () => {
    const id = randomUUID();
    await dynamo().send(new PutCommand({ TableName: tableName('submissions'), Item: { id, kind: 'contact', name: 'Ann' } }));
    const got = await dynamo().send(new GetCommand({ TableName: tableName('submissions'), Key: { id } }));
    expect(got.Item).toEqual({ id, kind: 'contact', name: 'Ann' });
  });

  it('finds items through the pendingDeliveries index declared in shared/deployment/manifest.ts', async () => {
    const queue = `test-${randomUUID()}`;
    const due = ['2026-01-01T00:00:00Z', '2026-01-01T00:05:00Z', '2026-01-02T00:00:00Z'];
    for (const retryAt of due) {
      await dynamo().send(new PutCommand({ TableName: tableName('submissions'), Item: { id: randomUUID(), retryQueue: queue, retryAt } }));
    }
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName('submissions'),
        IndexName: index?.name,
        KeyConditionExpression: 'retryQueue = :q AND retryAt <= :now',
        ExpressionAttributeValues: { ':q': queue, ':now': '2026-01-01T12:00:00Z' },
      }),
    );
    expect(result.Items?.map((i) => i.retryAt)).toEqual(due.slice(0, 2));
  });

  it('refuses a conditional write over an existing item, as DynamoDB does', async () => {
    const id = randomUUID();
    const put = () =>
      dynamo().send(new PutCommand({ TableName: tableName('profiles'), Item: { id }, ConditionExpression: 'attribute_not_exists(id)' }));
    await put();
    await expect(put()).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
  });
});

describe('local S3 (s3rver) through the Lambdas\' S3 client', () => {
  it('accepts a browser upload to a presigned POST from the site origin, then serves the object', async () => {
    const key = `incoming/${randomUUID()}/hello.txt`;
    const { url, fields } = await createPresignedPost(s3(), {
      Bucket: bucketName('uploads'),
      Key: key,
      Conditions: [['content-length-range', 1, 1024]],
      Fields: { 'Content-Type': 'text/plain' },
      Expires: 60,
    });
    expect(url.startsWith(stack.endpoints.s3)).toBe(true);

    // The browser asks first (CORS preflight from the site's origin; s3rver answers an allowed one with '*') ...
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: stack.siteUrl, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy();

    // ... then posts the form.
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob(['hello from the browser'], { type: 'text/plain' }), 'hello.txt');
    const upload = await fetch(url, { method: 'POST', body: form, headers: { origin: stack.siteUrl } });
    expect(upload.status).toBe(204);
    expect(upload.headers.get('access-control-allow-origin')).toBe(stack.siteUrl);

    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    expect(head.ContentType).toBe('text/plain');
    const object = await s3().send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    expect(await object.Body?.transformToString()).toBe('hello from the browser');

    const presignedGet = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }), { expiresIn: 60 });
    expect(await (await fetch(presignedGet)).text()).toBe('hello from the browser');
  });

  it('does not allow another origin to post to the bucket', async () => {
    const preflight = await fetch(`${stack.endpoints.s3}/${bucketName('uploads')}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('local SES (aws-ses-v2-local) through the Lambdas\' SESv2 client', () => {
  it('delivers a sent mail to the local mailbox', async () => {
    const to = `ses-${randomUUID().slice(0, 8)}@example.com`;
    const since = Date.now() - 1000;
    const sent = await ses().send(
      new SendEmailCommand({
        FromEmailAddress: process.env.MAIL_FROM,
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: 'Local mail check' }, Body: { Text: { Data: 'It arrived.' }, Html: { Data: '<p>It arrived.</p>' } } } },
      }),
    );
    expect(sent.MessageId).toBeTruthy();
    const mail = await waitForMail({ to, since });
    expect(mail.subject).toBe('Local mail check');
    expect(mail.from).toBe(process.env.MAIL_FROM);
    expect(mail.body.text).toBe('It arrived.');
    expect(await listMails({ to: `other-${to}` })).toEqual([]);
  });

  it('shows the mailbox page', async () => {
    const page = await fetch(stack.mailboxUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });
});
