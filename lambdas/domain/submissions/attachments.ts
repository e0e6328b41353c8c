/**
 * Claiming uploaded files for a submission, and turning them into mail attachments or links.
 *
 * Browsers upload straight to the bucket through presigned POSTs, whose policy the local S3 stand-in does not
 * enforce and a determined client can sidestep. So before a submission that refers to uploads is accepted,
 * every object is checked again here: it exists, is at most 10 MB, has a type the form allows, and its first
 * bytes match that type. Only then is it copied out of the expiring `incoming/` area.
 */
import { uploadPrefixes } from '@shared/deployment/manifest';
import { MAX_FILE_BYTES, allowedContentType, sniffMatches, type UploadForm } from '@shared/contract/uploads';
import type { StoredFile } from './record';
import type { FileStore, MailAttachment } from './ports';
import { RejectedInput } from '../errors';


function nameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** The folder of a submission's attachments: its id, then the first 12 hex digits of its fingerprint. */
export function attachmentFolder(submissionId: string, fingerprint: string): string {
  return `${uploadPrefixes.attachments}${submissionId}/${fingerprint.slice(0, 12)}/`;
}

/**
 * Checks every referenced upload, then copies each into the submission's attachment folder. The folder names the
 * request's fingerprint as well as its id: two requests racing under one id with different input (the loser gets
 * 422) copy to different keys, so the loser never overwrites the original's files; the same request sent twice
 * copies to the same keys, which is harmless.
 */
export async function claimUploads(
  files: FileStore,
  form: UploadForm,
  keys: readonly string[],
  submissionId: string,
  fingerprint: string,
): Promise<StoredFile[]> {
  const checked = await Promise.all(
    keys.map(async (key) => {
      const name = nameOf(key);
      const object = await files.inspect(key);
      if (!object) throw new RejectedInput(`The file ${name} was not uploaded or has expired. Please attach it again.`, 'files');
      // The upload API never presigns an empty file, but the S3 stand-in ignores the policy's size range.
      if (object.size === 0) throw new RejectedInput(`The file ${name} is empty.`, 'files');
      if (object.size > MAX_FILE_BYTES) throw new RejectedInput(`The file ${name} is larger than 10MB.`, 'files');
      const type = allowedContentType(form, name, '');
      if (!type || !sniffMatches(name, object.head)) {
        throw new RejectedInput(`The file ${name} is not a supported file of its type.`, 'files');
      }
      return { key, name, type, size: object.size };
    }),
  );
  const stored: StoredFile[] = [];
  for (const [index, file] of checked.entries()) {
    // The index keeps two uploads with the same name apart.
    const target = `${attachmentFolder(submissionId, fingerprint)}${index + 1}-${file.name}`;
    await files.copy(file.key, target);
    stored.push({ key: target, name: file.name, type: file.type, size: file.size, uploadKey: file.key });
  }
  return stored;
}

/** Mail stays well under SES's size limit after base64: attach up to this many raw bytes, link the rest. */
const MAIL_ATTACHMENT_BUDGET_BYTES = 7 * 1024 * 1024;
export const LINK_VALIDITY_SECONDS = 7 * 24 * 3600;

export interface MailFiles {
  readonly attachments: MailAttachment[];
  /** Files too large to attach, with presigned links valid seven days. */
  readonly links: { name: string; url: string; size: number }[];
}

/** Attaches files while they fit the budget, in order; links the others. */
export async function attachOrLink(files: FileStore, stored: readonly StoredFile[]): Promise<MailFiles> {
  const attachments: MailAttachment[] = [];
  const links: MailFiles['links'] = [];
  let used = 0;
  for (const file of stored) {
    if (used + file.size <= MAIL_ATTACHMENT_BUDGET_BYTES) {
      attachments.push({ name: file.name, type: file.type, content: await files.read(file.key) });
      used += file.size;
    } else {
      links.push({ name: file.name, url: await files.link(file.key, LINK_VALIDITY_SECONDS), size: file.size });
    }
  }
  return { attachments, links };
}
