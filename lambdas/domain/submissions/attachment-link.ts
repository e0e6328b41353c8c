/**
 * Links in the support mail to files too large to attach.
 *
 * A presigned S3 URL lives only as long as the credentials that signed it, and a Lambda's are temporary (hours),
 * so a "7-day presigned link" made in a Lambda stops working the same day. The mail therefore links to
 * GET /api/attachments?key=..., which checks that the key belongs to a stored submission whose links are still
 * valid, and only then redirects to a presigned GET valid for a few minutes. The key carries the submission's
 * random id, so a link cannot be guessed from another.
 */
import * as z from '@shared/contract/schemas/zod';
import { routes } from '@shared/contract/api';
import { LINK_VALIDITY_SECONDS } from './attachments';
import { LEASE_SECONDS, RETRY_DELAYS_SECONDS, type StoredFile } from './record';
import { DomainError } from '../errors';
import type { SubmissionStore } from './ports';

/**
 * The keys `claimUploads` writes: `attachments/<submission id>/<fingerprint, 12 hex>/<n>-<safe name>`. Keys
 * stored before the fingerprint folder (`attachments/<submission id>/<n>-<safe name>`) still resolve, so links
 * in mail already sent keep working.
 */
export const attachmentKeyPattern = /^attachments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(?:[0-9a-f]{12}\/)?\d{1,2}-[A-Za-z0-9._ -]{1,200}$/;

export const attachmentQuerySchema = z.object({
  key: z.string({ message: 'Unknown file.' }).check(z.maxLength(300, 'Unknown file.'), z.regex(attachmentKeyPattern, 'Unknown file.')),
});

/**
 * A link works for 7 days after the latest moment its mail can have been sent: the first attempt plus every
 * retry (about 17 hours) plus a lease.
 */
export const ATTACHMENT_LINK_SECONDS = LINK_VALIDITY_SECONDS + RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) + 2 * LEASE_SECONDS;

/** How long the redirect target (a presigned GET) is usable: enough to start the download. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

export function attachmentLink(siteOrigin: string, key: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}${routes.openAttachment.path}?key=${encodeURIComponent(key)}`;
}

export class AttachmentNotFound extends DomainError {
  constructor() {
    super('not-found', 'This link does not exist or has expired.');
    this.name = 'AttachmentNotFound';
  }
}

/** The stored file a link names, if its submission exists, lists it, and the link has not expired. */
export async function resolveAttachment(store: Pick<SubmissionStore, 'get'>, key: string, now: Date): Promise<StoredFile> {
  const submissionId = attachmentKeyPattern.exec(key)?.[1];
  if (!submissionId) throw new AttachmentNotFound();
  const record = await store.get(submissionId);
  const file = record?.files.find((f) => f.key === key);
  if (!record || !file) throw new AttachmentNotFound();
  const expires = Date.parse(record.createdAt) + ATTACHMENT_LINK_SECONDS * 1000;
  if (!(now.getTime() <= expires)) throw new AttachmentNotFound();
  return file;
}
