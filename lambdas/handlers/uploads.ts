/**
 * POST /api/uploads: one presigned POST per file the browser is about to upload. The shared schema checks the
 * count, sizes and types against the form's rules; the files themselves go straight from the browser to S3.
 */
import { randomUUID } from 'node:crypto';
import { routes } from '@shared/deployment/manifest';
import { uploadRequestSchema } from '@shared/contract/uploads';
import { s3Presigner } from '../adapters/s3-presign';
import { createUploads } from '../domain/uploads/upload-request';
import { httpHandler, ok } from '../lib/http';

export const handler = httpHandler(routes.createUploads, uploadRequestSchema, async ({ body }) =>
  ok(await createUploads(s3Presigner, body, randomUUID)),
);
