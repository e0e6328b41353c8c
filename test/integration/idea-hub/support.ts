/**
 * What the Idea Hub integration tests share: the one local stack (test/integration/global-setup.ts), direct
 * uploads through its API and S3 as the browser does them, in-process handler events, and reads of the
 * submissions table and the mailbox.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { tableEnvName } from '../../../shared/backend';
import type { PresignedUpload } from '../../../shared/uploads';
import type { HttpEvent } from '../../../lambdas/lib/http';
import { localStack, sdkConfig } from '../../helpers/local-stack';

export const stack = localStack();
const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }));

export const context = { getRemainingTimeInMillis: () => 60_000 } as unknown as Context;

export interface UploadFile {
  readonly name: string;
  readonly type: string;
  readonly content: Uint8Array;
}

/** Presigned POSTs from the local API for the idea form, then each file straight to S3; answers the keys. */
export async function uploadForIdea(files: readonly UploadFile[]): Promise<string[]> {
  const response = await fetch(`${stack.apiUrl}/api/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ form: 'idea', files: files.map((f) => ({ name: f.name, type: f.type, size: f.content.byteLength })) }),
  });
  const body = (await response.json()) as { uploads?: PresignedUpload[]; message?: string };
  if (!response.ok || !body.uploads) throw new Error(`uploads answered ${response.status}: ${JSON.stringify(body)}`);
  await Promise.all(
    body.uploads.map(async (u, i) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(u.fields)) form.append(k, v);
      form.append('file', new Blob([files[i]!.content as Uint8Array<ArrayBuffer>], { type: files[i]!.type }), files[i]!.name);
      const answer = await fetch(u.url, { method: 'POST', body: form });
      if (!answer.ok) throw new Error(`S3 POST answered ${answer.status}`);
    }),
  );
  return body.uploads.map((u) => u.key);
}

/** A payload-2.0 event, as API Gateway hands it to the handler. */
export function postEvent(path: string, body: unknown, headers: Record<string, string> = {}): HttpEvent {
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
  } as HttpEvent;
}

export async function storedSubmission(id: string): Promise<Record<string, unknown> | undefined> {
  const out = await dynamo.send(new GetCommand({ TableName: stack.env[tableEnvName('submissions')], Key: { id }, ConsistentRead: true }));
  return out.Item;
}

export interface Mail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
  attachments: { filename?: string; content: string }[];
}

export async function mailsFor(id: string): Promise<Mail[]> {
  const response = await fetch(`${stack.endpoints.sesv2}/store`);
  const { emails } = (await response.json()) as { emails: Mail[] };
  return emails.filter((m) => (m.body.text ?? '').includes(`Submission id: ${id}`));
}

/** A small PDF-looking file whose bytes are random after the magic number, so a wrong decode shows. */
export function pdfFile(name: string, size = 4096): UploadFile {
  const content = new Uint8Array(randomBytes(size));
  content.set([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
  return { name, type: 'application/pdf', content };
}

export function csvFile(name: string): UploadFile {
  return { name, type: 'text/csv', content: new TextEncoder().encode(`clinic,staff\nNorth,12\nSouth,${randomUUID()}\n`) };
}

export const validIdea = (token: string) => ({
  title: `Shift planner ${token}`,
  description: 'An assistant that plans the weekly shifts of a small clinic from staff wishes and rules.',
  targetUsers: 'Clinic managers and their staff',
  businessType: 'Healthcare',
  budget: '$10,000 - $25,000',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
});
