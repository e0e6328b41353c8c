/** Uploaded files in the uploads bucket (S3 deployed, the S3 stand-in locally). */
import { CopyObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore } from '../domain/submissions/ports';
import { s3 } from '../lib/s3';
import { bucketName, setting } from '../lib/env';
import { attachmentKeyPattern, attachmentLink } from '../domain/submissions/attachment-link';

const SNIFF_BYTES = 512;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export const s3Files: FileStore = {
  async inspect(key) {
    const Bucket = bucketName('uploads');
    try {
      const head = await s3().send(new HeadObjectCommand({ Bucket, Key: key }));
      const size = head.ContentLength ?? 0;
      // An empty object has no byte range to read (S3 answers 416): it has no first bytes to check.
      if (size === 0) return { size, contentType: head.ContentType ?? '', head: new Uint8Array() };
      const first = await s3().send(
        new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${Math.max(0, Math.min(size, SNIFF_BYTES) - 1)}` }),
      );
      const bytes = first.Body ? await first.Body.transformToByteArray() : new Uint8Array();
      return { size, contentType: head.ContentType ?? '', head: bytes.subarray(0, SNIFF_BYTES) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },

  async copy(fromKey, toKey) {
    const Bucket = bucketName('uploads');
    await s3().send(new CopyObjectCommand({ Bucket, Key: toKey, CopySource: `${Bucket}/${encodeURIComponent(fromKey).replace(/%2F/g, '/')}` }));
  },

  async read(key) {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  },

  async link(key, seconds) {
    // A presigned URL dies with the Lambda's temporary credentials (hours), so stored attachments are linked
    // through the site's GET /api/attachments, which re-checks the link and redirects to a fresh presigned GET
    // (valid LINK_VALIDITY_SECONDS after the last possible send). Other keys, or no site origin, stay presigned.
    const origin = setting('SITE_ORIGIN');
    if (origin && attachmentKeyPattern.test(key)) return attachmentLink(origin, key);
    return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }), { expiresIn: seconds });
  },
};
