/**
 * Planning direct browser uploads (POST /api/uploads): one object key and content type per requested file.
 *
 * The request was already checked against the form's rules (count, size, type) by `uploadRequestSchema`.
 * Each file gets its own random prefix, so names never collide and a key cannot be guessed from another;
 * the presigned POST's policy then pins the size range and the exact content type at S3.
 */
import {
  MAX_FILE_BYTES,
  allowedContentType,
  safeFileName,
  uploadKeyPattern,
  uploadPrefixes,
  type PresignedUpload,
  type UploadForm,
  type UploadRequest,
  type UploadResponse,
} from '@shared/contract/uploads';
import { RejectedInput } from '../errors';

/** A presigned POST is usable for 15 minutes: long enough for five 10 MB files on a slow line. */
const UPLOAD_EXPIRY_SECONDS = 15 * 60;

interface PlannedUpload {
  readonly key: string;
  readonly contentType: string;
  readonly maxBytes: number;
}

export interface UploadPresigner {
  presign(upload: PlannedUpload, expiresSeconds: number): Promise<PresignedUpload>;
}

/**
 * The record of issued uploads (lambdas/data/upload-claims.ts): each upload is recorded with the form it is for
 * before it is presigned, so a submission of another form cannot claim it and the first submission of its own
 * form claims it once (lambdas/domain/submissions/attachments.ts).
 */
export interface UploadLedger {
  issue(uploads: readonly { readonly key: string; readonly form: UploadForm }[], at: Date): Promise<void>;
}

export function planUploads(request: UploadRequest, newId: () => string): PlannedUpload[] {
  return request.files.map((file) => {
    const contentType = allowedContentType(request.form, file.name, file.type);
    // The schema refused such files already; this keeps the policy from ever being built without a type.
    if (!contentType) throw new RejectedInput(`The file ${file.name} is not a supported format.`, 'files');
    const key = `${uploadPrefixes.incoming}${newId()}/${safeFileName(file.name)}`;
    if (!uploadKeyPattern.test(key)) throw new RejectedInput(`The file name ${file.name} cannot be used.`, 'files');
    return { key, contentType, maxBytes: MAX_FILE_BYTES };
  });
}

export async function createUploads(
  deps: { presigner: UploadPresigner; ledger: UploadLedger; now: () => Date },
  request: UploadRequest,
  newId: () => string,
): Promise<UploadResponse> {
  const planned = planUploads(request, newId);
  // Recorded first: an upload the ledger does not know could never be claimed, so none is presigned without it.
  await deps.ledger.issue(planned.map((u) => ({ key: u.key, form: request.form })), deps.now());
  return { uploads: await Promise.all(planned.map((u) => deps.presigner.presign(u, UPLOAD_EXPIRY_SECONDS))) };
}
