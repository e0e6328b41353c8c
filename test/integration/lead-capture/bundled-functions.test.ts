/**
 * The bundles that get deployed, not only the sources, work against the emulators: a mistake in the build
 * (infra/lib/bundling.ts: ESM from CommonJS, tree-shaking, the require banner) would only show in the deployed
 * bundle, as a module that fails to load or a request the SDK can no longer write or read. These calls go through
 * S3 (presigned POST, HeadObject, ranged GetObject, CopyObject, NoSuchKey), DynamoDB, Lambda (the asynchronous
 * hand-off) and SESv2 with the bundles of the upload, demo-request and submission-delivery functions: the hand-off
 * reaches a local Lambda service that runs the delivery function's bundle.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functions, type FunctionName } from '@shared/deployment/manifest';
import { routes } from '@shared/contract/api';
import { bundleFunction } from '../../../infra/lib/bundling';
import type { HttpEvent, HttpResult } from '../../../lambdas/lib/http';
import { call } from '../../helpers/http-event';
import { startLocalLambda, type LocalLambda } from '../../../infra/local/lambda-service';
import { storedSubmission, submissionMails } from '../../helpers/submissions';
import { attachmentFolder } from '../../../lambdas/domain/submissions/attachments';
import { objectKeys, pdfBytes, runToken, validDemo, waitFor } from './support';

type Handler = (event: HttpEvent, context: unknown) => Promise<HttpResult>;

const out = mkdtempSync(join(tmpdir(), 'bundled-functions-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function bundled(fn: FunctionName): Promise<Handler> {
  const { outfile } = await bundleFunction(functions[fn].entry, join(out, fn), { logLevel: 'error' });
  return ((await import(pathToFileURL(outfile).href)) as { handler: Handler }).handler;
}

describe('the deployed bundles of the upload, demo-request and submission-delivery functions', () => {
  let uploads: Handler;
  let demoRequests: Handler;
  let lambda: LocalLambda;
  const lambdaEndpoint = process.env.AWS_ENDPOINT_URL_LAMBDA;
  beforeAll(async () => {
    let submissionDelivery: Handler;
    [uploads, demoRequests, submissionDelivery] = await Promise.all([bundled('uploads'), bundled('demoRequests'), bundled('submissionDelivery')]);
    lambda = await startLocalLambda({ invoke: (_fn, event) => submissionDelivery(event as HttpEvent, {}) });
    // Read by the bundle's own Lambda client when it is first built.
    process.env.AWS_ENDPOINT_URL_LAMBDA = lambda.url;
  }, 60_000);
  afterAll(async () => {
    await lambda.stop();
    process.env.AWS_ENDPOINT_URL_LAMBDA = lambdaEndpoint;
  });

  it('presign an upload, verify the uploaded file, store the request and mail it with the file attached', async () => {
    const presigned = await call(uploads, routes.createUploads, { form: 'demoRequest', files: [{ name: 'brief.pdf', type: 'application/pdf', size: 2048 }] });
    expect(presigned.status).toBe(200);
    const [target] = presigned.body.uploads as { url: string; key: string; fields: Record<string, string> }[];
    const form = new FormData();
    for (const [k, v] of Object.entries(target!.fields)) form.append(k, v);
    form.append('file', new Blob([pdfBytes(2048)], { type: 'application/pdf' }), 'brief.pdf');
    expect((await fetch(target!.url, { method: 'POST', body: form })).status).toBeLessThan(300);

    const id = randomUUID();
    const token = runToken();
    const answer = await call(demoRequests, routes.createDemoRequest, { ...validDemo(token), files: [target!.key] }, { headers: { 'idempotency-key': id } });
    expect(answer).toEqual({ status: 201, body: { id, bookingToken: expect.any(String) } });
    await lambda.drain();
    expect(await storedSubmission(id)).toMatchObject({ kind: 'demoRequest', deliveries: { mail: { state: 'sent' } } });
    expect(await objectKeys(`attachments/${id}/`)).toEqual([`${attachmentFolder(id, String((await storedSubmission(id))?.fingerprint))}1-brief.pdf`]);
    const [mail] = await waitFor(() => submissionMails(id), (m) => m.length > 0);
    expect(mail!.subject).toContain(token);
    expect(mail!.attachments.map((a) => [a.filename, a.size])).toEqual([['brief.pdf', 2048]]);
  });

  it('read an S3 error: a key that was never uploaded is a 400 on the files field, and nothing is stored', async () => {
    const id = randomUUID();
    const answer = await call(demoRequests, routes.createDemoRequest, { ...validDemo(runToken()), files: [`incoming/${randomUUID()}/brief.pdf`] }, { headers: { 'idempotency-key': id } });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toHaveProperty('files');
    expect(await storedSubmission(id)).toBeUndefined();
  });
});
