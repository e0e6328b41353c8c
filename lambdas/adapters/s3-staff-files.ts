/**
 * The uploads bucket as the staff console uses it: short-lived download links, listing and deleting a person's
 * files, and writing export files in parts (S3 multipart upload), so a 100,000-row CSV or a person's files
 * stream through the function instead of being held in its memory.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileWriter, StaffFiles } from '../domain/leads/ports';
import { bucketName } from '../lib/env';
import { s3 } from '../lib/s3';

/** S3's smallest part (but the last). Parts are sent as they fill, so at most one sits in memory. */
const PART_BYTES = 5 * 1024 * 1024;

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Writes a file in parts; a file smaller than one part is sent as one PUT instead. */
async function multipartWriter(key: string, contentType: string): Promise<FileWriter> {
  const Bucket = bucketName('uploads');
  let uploadId: string | undefined;
  const parts: { ETag: string; PartNumber: number }[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;

  const sendPart = async (body: Buffer) => {
    if (!uploadId) {
      const created = await s3().send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
      if (!created.UploadId) throw new Error('S3 gave no upload id');
      uploadId = created.UploadId;
    }
    const PartNumber = parts.length + 1;
    const out = await s3().send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }));
    parts.push({ ETag: out.ETag ?? '', PartNumber });
  };

  return {
    async write(chunk) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
      pending.push(bytes);
      pendingBytes += bytes.length;
      total += bytes.length;
      if (pendingBytes >= PART_BYTES) {
        const body = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        await sendPart(body);
      }
    },
    async finish() {
      const rest = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      if (!uploadId) {
        await s3().send(new PutObjectCommand({ Bucket, Key: key, Body: rest, ContentType: contentType }));
        return total;
      }
      if (rest.length > 0) await sendPart(rest);
      await s3().send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return total;
    },
    async abort() {
      pending = [];
      if (uploadId) await s3().send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
    },
  };
}

export const s3StaffFiles: StaffFiles = {
  async read(key) {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  },

  async list(prefix) {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const out = await s3().send(new ListObjectsV2Command({ Bucket: bucketName('uploads'), Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
      for (const object of out.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return keys;
  },

  async remove(keys) {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      const out = await s3().send(new DeleteObjectsCommand({ Bucket: bucketName('uploads'), Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }));
      if (out.Errors && out.Errors.length > 0) throw new Error(`S3 could not delete ${out.Errors.length} object(s): ${out.Errors[0]?.Code ?? ''}`);
    }
    return keys.length;
  },

  downloadLink(key, seconds, fileName, contentType) {
    return getSignedUrl(
      s3(),
      new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key, ResponseContentDisposition: contentDisposition(fileName), ResponseContentType: contentType }),
      { expiresIn: seconds },
    );
  },

  create: multipartWriter,
};
