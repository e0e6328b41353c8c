/**
 * POST /api/uploads: one presigned POST per file the browser is about to upload. The shared schema checks the
 * count, sizes and types against the form's rules; each upload is recorded with its form (so only a submission
 * of that form can claim it, once); the files themselves go straight from the browser to S3.
 */
import { randomUUID } from 'node:crypto';
import { deployedRoutes } from '@shared/deployment/manifest';
import { uploadRequestSchema } from '@shared/contract/uploads';
import { uploadDeps } from '../composition/uploads';
import { createUploads } from '../domain/uploads/upload-request';
import { httpHandler, ok } from '../lib/http';

export const handler = httpHandler(deployedRoutes.createUploads, uploadRequestSchema, async ({ body }) =>
  ok(await createUploads(uploadDeps(), body, randomUUID)),
);
