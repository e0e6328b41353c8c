/**
 * The composition root of uploads: presigned POSTs into the uploads bucket, each recorded first with the form it is
 * for (the `uploadClaims` table, so only one submission of that form can claim it), a random id per file.
 */
import { randomUUID } from 'node:crypto';
import type { UploadRequest } from '@shared/contract/uploads';
import { s3Presigner } from '../adapters/s3-presign';
import { uploadLedger } from '../data/upload-claims';
import { systemClock } from '../domain/clock';
import { createUploads } from '../domain/uploads/upload-request';

/** One presigned POST per file of the request. */
export function presignUploads(request: UploadRequest) {
  return createUploads({ presigner: s3Presigner, ledger: uploadLedger, now: () => systemClock.now() }, request, randomUUID);
}
