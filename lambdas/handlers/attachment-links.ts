/**
 * GET /api/attachments?key=...: a support mail's link to a file too large to attach. Known and recent links are
 * redirected (302) to a presigned GET valid for a few minutes; anything else is 404 (AttachmentNotFound).
 * See domain/submissions/attachment-link.ts.
 */
import { routes } from '@shared/deployment/manifest';
import { presignDownload } from '../adapters/s3-presign';
import { submissionsTable } from '../data/submissions';
import { DOWNLOAD_URL_SECONDS, attachmentQuerySchema, resolveAttachment } from '../domain/submissions/attachment-link';
import { httpHandler } from '../lib/http';

export const handler = httpHandler(routes.openAttachment, attachmentQuerySchema, async ({ body }) => {
  const file = await resolveAttachment(submissionsTable, body.key, new Date());
  const location = await presignDownload(file, DOWNLOAD_URL_SECONDS);
  return { statusCode: 302, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }, body: '' };
});
