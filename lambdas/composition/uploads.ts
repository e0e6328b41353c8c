/** The composition root of uploads: presigned POSTs into the uploads bucket, a random id per file. */
import { randomUUID } from 'node:crypto';
import type { UploadRequest } from '@shared/contract/uploads';
import { s3Presigner } from '../adapters/s3-presign';
import { createUploads } from '../domain/uploads/upload-request';

/** One presigned POST per file of the request. */
export function presignUploads(request: UploadRequest) {
  return createUploads(s3Presigner, request, randomUUID);
}
