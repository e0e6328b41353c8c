/**
 * What the lead-capture integration tests share: the running local stack (started once by
 * test/integration/global-setup.ts), requests to its API, direct uploads to its S3, its mailbox, and reads of
 * the submissions table and the uploads bucket to prove what was (not) stored.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { bucketEnvName, resourceName, tableEnvName } from '../../../shared/backend';
import type { PresignedUpload } from '../../../shared/uploads';
import type { LocalStackDescription } from '../../../infra/local/stack';

export function localStack(): LocalStackDescription {
  const raw = process.env.LOCAL_STACK;
  if (!raw) throw new Error('LOCAL_STACK is not set: run these tests through the vitest project "integration".');
  return JSON.parse(raw) as LocalStackDescription;
}

const stack = localStack();
// In-process handler calls read their configuration from process.env, as in Lambda.
for (const [k, v] of Object.entries(stack.env)) process.env[k] ??= v;

const clientConfig = { region: stack.region, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ ...clientConfig, endpoint: stack.endpoints.dynamodb }));
const s3 = new S3Client({ ...clientConfig, endpoint: stack.endpoints.s3, forcePathStyle: true });
const submissionsTable = stack.env[tableEnvName('submissions')] ?? resourceName('local', 'submissions');
const uploadsBucket = stack.env[bucketEnvName('uploads')] ?? resourceName('local', 'uploads');

export interface ApiAnswer {
  status: number;
  body: { id?: string; message?: string; fieldErrors?: Record<string, string[]>; uploads?: PresignedUpload[] };
}

/**
 * POSTs to the local API. A 429 (the route's throttle: many bad inputs are sent back to back) is waited out and
 * retried, unless the caller is testing the throttle itself.
 */
export async function post(
  path: string,
  body: unknown,
  opts: { headers?: Record<string, string>; raw?: boolean; retryThrottled?: boolean } = {},
): Promise<ApiAnswer> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${stack.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...opts.headers },
      body: opts.raw ? (body as string) : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status === 429 && (opts.retryThrottled ?? true) && attempt < 20) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    let parsed: ApiAnswer['body'] = {};
    try {
      parsed = text ? (JSON.parse(text) as ApiAnswer['body']) : {};
    } catch {
      parsed = { message: text };
    }
    return { status: response.status, body: parsed };
  }
}

/** Asks for presigned POSTs and sends each body straight to S3, as the browser does; answers the keys. */
export async function upload(files: { name: string; type: string; content: Uint8Array; claimedSize?: number }[]): Promise<string[]> {
  const answer = await post('/api/uploads', {
    form: 'demoRequest',
    files: files.map((f) => ({ name: f.name, type: f.type, size: f.claimedSize ?? f.content.byteLength })),
  });
  if (answer.status !== 200 || !answer.body.uploads) throw new Error(`uploads answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const uploads = answer.body.uploads;
  await Promise.all(
    uploads.map(async (u, i) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(u.fields)) form.append(k, v);
      form.append('file', new Blob([files[i]!.content as Uint8Array<ArrayBuffer>]), files[i]!.name);
      const response = await fetch(u.url, { method: 'POST', body: form });
      if (!response.ok) throw new Error(`S3 POST answered ${response.status}`);
    }),
  );
  return uploads.map((u) => u.key);
}

export async function storedSubmission(id: string): Promise<Record<string, unknown> | undefined> {
  const out = await dynamo.send(new GetCommand({ TableName: submissionsTable, Key: { id }, ConsistentRead: true }));
  return out.Item;
}

export async function submissionCount(): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(new ScanCommand({ TableName: submissionsTable, Select: 'COUNT', ExclusiveStartKey: start }));
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

export async function objectKeys(prefix: string): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: uploadsBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key ?? '');
}

export interface Mail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  attachments: { content: string; contentType: string; filename?: string; size: number }[];
  at: number;
}

/** The local SES mailbox (aws-ses-v2-local's store). */
export async function mails(): Promise<Mail[]> {
  const response = await fetch(`${stack.endpoints.sesv2}/store`);
  return ((await response.json()) as { emails: Mail[] }).emails;
}

/** Mails whose text names this submission id (every notification mail carries it). */
export async function mailsFor(id: string): Promise<Mail[]> {
  return (await mails()).filter((m) => (m.body.text ?? '').includes(`Submission id: ${id}`));
}

export async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The origin the support mail's links use (the SITE_ORIGIN setting of the stack). */
export const siteOrigin = () => (stack.env.SITE_ORIGIN ?? stack.siteUrl).replace(/\/+$/, '');

export const supportRecipients = (stack.env.MAIL_TO ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** A payload-2.0 event for calling a handler in-process, as API Gateway would. */
export function httpEvent(path: string, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  const raw = JSON.stringify(body);
  return {
    version: '2.0',
    routeKey: `POST ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(raw)), ...headers },
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: `POST ${path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: raw,
    isBase64Encoded: false,
  };
}

export const pdfBytes = (size: number) => {
  const b = new Uint8Array(size);
  b.set([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
  return b;
};
export const pngBytes = (size: number) => {
  const b = new Uint8Array(size);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return b;
};

/** A token that makes this run's data easy to find among everything else in the shared stack. */
export const runToken = () => randomUUID().slice(0, 8);

export const validDemo = (token: string) => ({
  name: `Ann Lee ${token}`,
  email: 'ann.lee@example.com',
  phone: '+1 555 123 4567',
  company: `Acme ${token}`,
  jobTitle: 'Head of Sales',
  teamSize: '11-50',
  interests: ['sdr', 'support'],
  message: 'We get 300 inbound leads a week and want an SDR agent to qualify them.',
  preferredTime: 'afternoon',
  consent: true,
});

export const validContact = (token: string) => ({
  name: `Bo Chen ${token}`,
  email: 'bo.chen@example.com',
  phone: '(555) 987-6543',
  company: `Initech ${token}`,
  industry: 'retail',
  teamSize: '51-200',
  subject: `Pricing question ${token}`,
  message: 'How much would a customer support agent cost for a team of our size?',
  newsletter: true,
});
