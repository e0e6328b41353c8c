/**
 * POST /api/uploads: one presigned POST per file the browser is about to upload. The shared schema checks the
 * count, sizes and types against the form's rules; each upload is recorded with its form, so only one submission
 * of that form can claim it; the files themselves go straight from the browser to S3.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { uploadRequestSchema } from '@shared/contract/uploads';
import { presignUploads } from '../composition/uploads';
import { httpHandler, ok } from '../lib/http';

export const handler = httpHandler(deployedRoutes.createUploads, uploadRequestSchema, async ({ body }) =>
  ok(await presignUploads(body)),
);
