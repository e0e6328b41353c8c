/**
 * GET /api/attachments?key=...: a support mail's link to a file too large to attach. Known and recent links are
 * redirected (302) to a presigned GET valid for a few minutes; anything else is 404 (AttachmentNotFound).
 * See domain/submissions/attachment-link.ts.
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { attachmentDownload } from '../composition/attachment-links';
import { attachmentQuerySchema } from '../domain/submissions/attachment-link';
import { httpHandler } from '../lib/http';

export const handler = httpHandler(deployedRoutes.openAttachment, attachmentQuerySchema, async ({ body }) => {
  const location = await attachmentDownload(body.key, new Date());
  return { statusCode: 302, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }, body: '' };
});
