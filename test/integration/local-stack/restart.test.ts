/**
 * `npm start` keeps its data in the state folder: a restart finds every record, file, account, mail and webhook
 * call again (same pool and client ids, so the browser's config and tokens stay valid); a second start on the
 * same folder is refused with a clear message instead of crashing; `--reset` starts from nothing; a start that
 * fails half-way gives back every port and the folder, so the next start is not blocked by it.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, waitUntilTableNotExists } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { bucketEnvName, tableEnvName } from '@shared/deployment/manifest';
import { StackAlreadyRunningError, startLocalStack, TableSchemaMismatchError, type LocalStack, type StartOptions } from '../../../infra/local/stack';
import { repoRoot } from '../../../infra/local/state';
import { createConfirmedUser, signIn } from '../../helpers/cognito';
import { sdkConfig, testSettings } from '../../helpers/local-stack';
import { listMails } from '../../helpers/mailbox';

const stateDir = mkdtempSync(join(tmpdir(), 'agency-restart-'));
const options: StartOptions = { port: 0, stateDir, web: 'none', quiet: true, envFile: false, deliveryRetryIntervalMs: 0, settings: testSettings() };
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

function clients(stack: LocalStack) {
  const config = sdkConfig(stack);
  return {
    dynamo: DynamoDBDocumentClient.from(new DynamoDBClient({ ...config, endpoint: stack.endpoints.dynamodb })),
    s3: new S3Client({ ...config, endpoint: stack.endpoints.s3, forcePathStyle: true }),
    ses: new SESv2Client({ ...config, endpoint: stack.endpoints.sesv2 }),
    table: stack.env[tableEnvName('submissions')] as string,
    bucket: stack.env[bucketEnvName('uploads')] as string,
  };
}

describe('local stack state', () => {
  const id = randomUUID();
  const key = `attachments/${id}.txt`;
  const mailTo = `restart-${id.slice(0, 8)}@example.com`;
  let user: Awaited<ReturnType<typeof createConfirmedUser>>;
  let first: LocalStack;

  it('refuses a second start on a state folder in use, naming the running process', async () => {
    first = await startLocalStack(options);
    const c = clients(first);
    await c.dynamo.send(new PutCommand({ TableName: c.table, Item: { id, kind: 'contact', message: 'kept' } }));
    await c.s3.send(new PutObjectCommand({ Bucket: c.bucket, Key: key, Body: 'kept file', ContentType: 'text/plain' }));
    await c.ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@example.com',
        Destination: { ToAddresses: [mailTo] },
        Content: { Simple: { Subject: { Data: 'Kept mail' }, Body: { Text: { Data: 'kept' } } } },
      }),
    );
    user = await createConfirmedUser({ stack: first });
    await fetch(`${first.webhookInboxUrl}/hooks/test`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });

    const second = startLocalStack(options);
    await expect(second).rejects.toBeInstanceOf(StackAlreadyRunningError);
    await expect(second).rejects.toThrow(`already running (pid ${process.pid})`);
    // The refused start left the running one alone.
    expect((await fetch(`${first.siteUrl}/config.json`)).status).toBe(200);

    // The same refusal from `npm start`, as a person sees it: one clear line and exit code 1.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--port', '0', '--state-dir', stateDir, '--web', 'none'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
      timeout: 60_000,
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`The local stack is already running (pid ${process.pid})`);
    expect(cli.stderr).toContain(first.siteUrl);
    for (const client of Object.values(c)) if (typeof client === 'object') client.destroy();
    await first.stop();
  });

  it('finds records, files, accounts, mail and webhook calls again after a restart', async () => {
    const again = await startLocalStack(options);
    try {
      expect(again.userPoolId).toBe(first.userPoolId);
      expect(again.userPoolClientId).toBe(first.userPoolClientId);
      expect(again.issuer).toBe(first.issuer);
      const c = clients(again);
      const item = await c.dynamo.send(new GetCommand({ TableName: c.table, Key: { id } }));
      expect(item.Item).toMatchObject({ message: 'kept' });
      const object = await c.s3.send(new GetObjectCommand({ Bucket: c.bucket, Key: key }));
      expect(await object.Body?.transformToString()).toBe('kept file');
      await expect(signIn(user.email, user.password, again.describe())).resolves.toMatchObject({ accessToken: expect.any(String) });
      expect((await listMails({ to: mailTo, mailboxUrl: again.mailboxUrl })).map((m) => m.subject)).toEqual(['Kept mail']);
      expect(again.webhookCalls().map((call) => call.body)).toContain(JSON.stringify({ id }));
      for (const client of Object.values(c)) if (typeof client === 'object') client.destroy();
    } finally {
      await again.stop();
    }
  });

  it('starts from nothing with reset', async () => {
    const fresh = await startLocalStack({ ...options, reset: true });
    try {
      const c = clients(fresh);
      const item = await c.dynamo.send(new GetCommand({ TableName: c.table, Key: { id } }));
      expect(item.Item).toBeUndefined();
      expect(fresh.userPoolId).not.toBe(first.userPoolId);
      expect(fresh.webhookCalls()).toEqual([]);
      expect(await listMails({ to: mailTo, mailboxUrl: fresh.mailboxUrl })).toEqual([]);
      await expect(signIn(user.email, user.password, fresh.describe())).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      for (const client of Object.values(c)) if (typeof client === 'object') client.destroy();
    } finally {
      await fresh.stop();
    }
  });
});

/** Resolves once `port` could be listened on (and closed again), i.e. nothing holds it any more. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('a start that fails half-way', () => {
  const brokenDir = mkdtempSync(join(tmpdir(), 'agency-broken-'));
  const brokenOptions = { ...options, stateDir: brokenDir };
  afterAll(() => rmSync(brokenDir, { recursive: true, force: true }));

  it('stops what it had started: ports, the database files and the state folder are free again', async () => {
    // A table whose key schema is not the declared one: provisioning fails after every emulator and Cognito started.
    const before = await startLocalStack(brokenOptions);
    const table = before.env[tableEnvName('submissions')] as string;
    const dynamo = new DynamoDBClient({ ...sdkConfig(before), endpoint: before.endpoints.dynamodb });
    await dynamo.send(new DeleteTableCommand({ TableName: table }));
    await waitUntilTableNotExists({ client: dynamo, maxWaitTime: 10, minDelay: 0.1, maxDelay: 0.2 }, { TableName: table });
    await dynamo.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'other', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'other', AttributeType: 'S' }],
      }),
    );
    dynamo.destroy();
    const { endpoints, webhookInboxUrl } = before.describe();
    await before.stop();

    await expect(startLocalStack(brokenOptions)).rejects.toBeInstanceOf(TableSchemaMismatchError);
    for (const url of [...Object.values(endpoints), webhookInboxUrl]) {
      expect(await portIsFree(Number(new URL(url).port)), url).toBe(true);
    }
    // The database folder opens again (dynalite let go of it) and the lock is gone: the same error, not a refusal.
    await expect(startLocalStack(brokenOptions)).rejects.toBeInstanceOf(TableSchemaMismatchError);
    const fixed = await startLocalStack({ ...brokenOptions, reset: true });
    await fixed.stop();
  });
});
