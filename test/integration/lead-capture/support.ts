/**
 * What the lead-capture integration tests share: the running local stack (started once by
 * test/integration/global-setup.ts), requests to its API, direct uploads to its S3, its mailbox, and reads of
 * the submissions table and the uploads bucket to prove what was (not) stored. What every form's tests
 * use (requests, uploads, stored submissions and their mails, in-process events) is in test/helpers.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { bucketEnvName, resourceName } from '@shared/deployment/manifest';
import { localStack, sdkConfig } from '../../helpers/local-stack';
import { uploadFiles, type UploadFile } from '../../helpers/local-api';
import { contactMessage, demoRequest } from '../../helpers/records';

const stack = localStack();
const s3 = new S3Client({ ...sdkConfig(stack), endpoint: stack.endpoints.s3, forcePathStyle: true });
const uploadsBucket = stack.env[bucketEnvName('uploads')] ?? resourceName('local', 'uploads');

/** Presigned POSTs for the demo form, then each file straight to S3, as the browser does; answers the keys. */
export const upload = (files: readonly UploadFile[]) => uploadFiles('demoRequest', files);

export async function objectKeys(prefix: string): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: uploadsBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key ?? '');
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

/** A valid demo request and contact message whose names carry this run's token (test/helpers/records.ts). */
export const validDemo = (token: string) => demoRequest({ name: `Ann Lee ${token}`, company: `Acme ${token}` });

export const validContact = (token: string) =>
  contactMessage({ name: `Bo Chen ${token}`, company: `Initech ${token}`, subject: `Pricing question ${token}` });
