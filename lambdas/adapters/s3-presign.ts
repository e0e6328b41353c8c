/**
 * Presigned POSTs into the uploads bucket. The policy is what S3 enforces when the browser posts: the exact
 * key, a size between 1 byte and 10 MB, the exact content type, and the expiry. (The local S3 stand-in does
 * not enforce policies, which is why the submission handlers check every object again before claiming it.)
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StoredFile } from '../domain/submissions/record';
import type { UploadPresigner } from '../domain/uploads/upload-request';
import { s3 } from '../lib/s3';
import { bucketName } from '../lib/env';

export const s3Presigner: UploadPresigner = {
  async presign(upload, expiresSeconds) {
    const { url, fields } = await createPresignedPost(s3(), {
      Bucket: bucketName('uploads'),
      Key: upload.key,
      Conditions: [
        ['content-length-range', 1, upload.maxBytes],
        ['eq', '$Content-Type', upload.contentType],
      ],
      Fields: { 'Content-Type': upload.contentType },
      Expires: expiresSeconds,
    });
    return { key: upload.key, url, fields };
  },
};

/** A short-lived GET of a stored attachment that downloads under its own name and type. */
export async function presignDownload(file: StoredFile, expiresSeconds: number): Promise<string> {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: bucketName('uploads'),
      Key: file.key,
      ResponseContentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      ResponseContentType: file.type,
    }),
    { expiresIn: expiresSeconds },
  );
}
