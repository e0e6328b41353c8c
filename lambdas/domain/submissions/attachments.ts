/**
 * Claiming uploaded files for a submission, and turning them into mail attachments or links.
 *
 * Browsers upload straight to the bucket through presigned POSTs, whose policy the local S3 stand-in does not
 * enforce and a determined client can sidestep. So before a submission that refers to uploads is accepted,
 * every object is checked again here: it was issued for this form, it exists, is at most 10 MB, has a type the
 * form allows, and its first bytes match that type. Then the submission claims it (one conditional write: an
 * upload belongs to one submission, so the same file cannot be slipped into a second demo request or an idea),
 * and only then is it copied out of the expiring `incoming/` area.
 */
import { MAX_FILE_BYTES, allowedContentType, sniffMatches, uploadPrefixes, type UploadForm } from '@shared/contract/uploads';
import type { StoredFile } from './record';
import type { FileStore, MailAttachment, UploadClaim, UploadClaims } from './ports';
import { RejectedInput } from '../errors';

/**
 * A claim whose submission was never stored (its function failed between the claim and the write) is given up
 * after this long, so the visitor can send the file with a corrected form. The accepting functions time out
 * after 30 seconds at most (shared/deployment/manifest.ts), so a submission still being stored is never older.
 */
export const STALE_CLAIM_MS = 5 * 60_000;

export const uploadMessages = {
  notUploaded: (name: string) => `The file ${name} was not uploaded or has expired. Please attach it again.`,
  otherForm: (name: string) => `The file ${name} was uploaded for another form. Please attach it again.`,
  claimed: (name: string) => `The file ${name} is already attached to another submission. Please attach it again.`,
} as const;

export interface ClaimContext {
  readonly claims: UploadClaims;
  readonly now: Date;
  /** Whether a submission with this id is stored (decides whether another's claim was left behind). */
  readonly isStored: (submissionId: string) => Promise<boolean>;
}

/** Whether the claim another submission holds may be taken over: old enough, and its submission never stored. */
async function abandonedBy(claim: { claimedBy?: string; claimedAt?: string }, submissionId: string, ctx: ClaimContext): Promise<string | undefined> {
  const holder = claim.claimedBy;
  if (!holder || holder === submissionId) return undefined;
  const at = Date.parse(claim.claimedAt ?? '');
  if (!(ctx.now.getTime() - at > STALE_CLAIM_MS)) return undefined;
  return (await ctx.isStored(holder)) ? undefined : holder;
}

/**
 * Claims one checked upload for the submission (`record` as read while checking), or refuses it with the reason
 * the visitor can act on.
 */
async function claimOne(
  file: { key: string; name: string; record: UploadClaim },
  form: UploadForm,
  submissionId: string,
  ctx: ClaimContext,
): Promise<void> {
  const { key, name } = file;
  let record: UploadClaim | undefined = file.record;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) record = await ctx.claims.get(key);
    if (!record) throw new RejectedInput(uploadMessages.notUploaded(name), 'files');
    if (record.form !== form) throw new RejectedInput(uploadMessages.otherForm(name), 'files');
    const takeOverFrom = await abandonedBy(record, submissionId, ctx);
    if (record.claimedBy && record.claimedBy !== submissionId && !takeOverFrom) throw new RejectedInput(uploadMessages.claimed(name), 'files');
    const outcome = await ctx.claims.claim(key, form, submissionId, ctx.now, takeOverFrom);
    if (outcome !== 'refused') return;
    // Someone claimed it between the read and the write: read again to say who (another submission, normally).
  }
  throw new RejectedInput(uploadMessages.claimed(name), 'files');
}


function nameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** The folder of a submission's attachments: its id, then the first 12 hex digits of its fingerprint. */
export function attachmentFolder(submissionId: string, fingerprint: string): string {
  return `${uploadPrefixes.attachments}${submissionId}/${fingerprint.slice(0, 12)}/`;
}

/**
 * Checks every referenced upload, claims each for the submission (refused when another submission holds it or it
 * was issued for another form), then copies each into the submission's attachment folder. The folder names the
 * request's fingerprint as well as its id: two requests racing under one id with different input (the loser gets
 * 422) copy to different keys, so the loser never overwrites the original's files; the same request sent twice
 * copies to the same keys, which is harmless. A submission refused here leaves the claims it took: its id is
 * never stored, so another submission may take them over once they are stale (STALE_CLAIM_MS).
 */
export async function claimUploads(
  files: FileStore,
  form: UploadForm,
  keys: readonly string[],
  submissionId: string,
  fingerprint: string,
  ctx: ClaimContext,
): Promise<StoredFile[]> {
  const checked = await Promise.all(
    keys.map(async (key) => {
      const name = nameOf(key);
      const record = await ctx.claims.get(key);
      if (!record) throw new RejectedInput(uploadMessages.notUploaded(name), 'files');
      if (record.form !== form) throw new RejectedInput(uploadMessages.otherForm(name), 'files');
      const object = await files.inspect(key);
      if (!object) throw new RejectedInput(uploadMessages.notUploaded(name), 'files');
      // The upload API never presigns an empty file, but the S3 stand-in ignores the policy's size range.
      if (object.size === 0) throw new RejectedInput(`The file ${name} is empty.`, 'files');
      if (object.size > MAX_FILE_BYTES) throw new RejectedInput(`The file ${name} is larger than 10MB.`, 'files');
      const type = allowedContentType(form, name, '');
      if (!type || !sniffMatches(name, object.head)) {
        throw new RejectedInput(`The file ${name} is not a supported file of its type.`, 'files');
      }
      return { key, name, type, size: object.size, record };
    }),
  );
  // After every check passed (a file the visitor has to fix claims nothing), one at a time, in the order given.
  for (const file of checked) await claimOne(file, form, submissionId, ctx);
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
