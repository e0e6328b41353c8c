/**
 * The composition root of the support mail's attachment links: the submissions table answers whether a link is
 * known and recent (lambdas/domain/submissions/attachment-link.ts), S3 presigns the short-lived download.
 */
import { presignDownload } from '../adapters/s3-presign';
import { getSubmission } from '../data/submissions';
import { DOWNLOAD_URL_SECONDS, resolveAttachment } from '../domain/submissions/attachment-link';

/** The presigned download of a stored attachment's link; AttachmentNotFound for an unknown or expired one. */
export async function attachmentDownload(key: string, now: Date): Promise<string> {
  const file = await resolveAttachment({ get: getSubmission }, key, now);
  return presignDownload(file, DOWNLOAD_URL_SECONDS);
}
