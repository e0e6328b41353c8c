/**
 * File rules of the two forms that take attachments, and the contract of the direct-to-S3 upload path.
 *
 * The browser checks a selection with `checkFiles` before asking for presigned POSTs; the uploads handler
 * checks the same request with `uploadRequestSchema`; the submission handlers check each uploaded object's
 * size, type and first bytes with `sniffMatches` before accepting a submission that refers to it.
 */
import * as z from './schemas/zod';
import { oneLineText } from './schemas/fields';
import { MAX_FILES, checkFiles, extensionOf, type FileExtension } from './upload-rules';

export * from './upload-rules';

// ---------------------------------------------------------------------------------------------------------
// The upload API: POST /api/uploads
// ---------------------------------------------------------------------------------------------------------

/**
 * A file name: one line, like every name (schemas/fields.ts). Tag-like text is allowed here: the name is only
 * ever used sanitised into the object key, never as it was sent (`safeFileName` below).
 */
const fileNameSchema = oneLineText('File name', {
  min: 1,
  max: 200,
  message: 'A file name is required.',
  maxMessage: 'File names must be at most 200 characters.',
  allowTags: true,
});

export const uploadRequestSchema = z
  .object({
    form: z.enum(['demoRequest', 'idea'], { message: 'Unknown form.' }),
    files: z
      .array(
        z.object({
          name: fileNameSchema,
          type: z.string().check(z.maxLength(200)),
          size: z.number().check(z.int(), z.gte(1, 'Empty files cannot be uploaded.')),
        }),
      )
      .check(z.minLength(1, 'Choose at least one file.')),
  })
  .check(
    z.superRefine((value, ctx) => {
      const problem = checkFiles(value.form, value.files);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['files'] });
    }),
  );

export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export interface PresignedUpload {
  /** The object key; the form sends it back in `files`. */
  readonly key: string;
  readonly url: string;
  readonly fields: Record<string, string>;
}

export interface UploadResponse {
  readonly uploads: PresignedUpload[];
}

/**
 * The folders of the uploads bucket, as the Lambda code writes keys under them; the deployment manifest grants and
 * expires by them (shared/deployment/manifest/storage.ts).
 */
export const uploadPrefixes = {
  /** Where presigned POSTs land. Nothing refers to these until a submission claims them. */
  incoming: 'incoming/',
  /** Where a claimed upload is copied once its submission is stored. */
  attachments: 'attachments/',
  /** Files made for staff to download (CSV exports, a person's data); kept only for `retention.exportDays`. */
  exports: 'exports/',
} as const;

/** Keys the uploads handler issues: `incoming/<uuid>/<safe name>`. Anything else is refused by the forms. */
export const uploadKeyPattern = /^incoming\/[0-9a-f-]{36}\/[A-Za-z0-9._ -]{1,200}$/;

/** How a submission refers to its uploaded files. */
export const uploadedFilesSchema = z._default(
  z
    .array(z.string().check(z.regex(uploadKeyPattern, 'Unknown upload.')))
    .check(
      z.maxLength(MAX_FILES, 'You can upload up to 5 files'),
      z.refine((keys) => new Set(keys).size === keys.length, 'The same file was attached twice.'),
    ),
  [],
);

/** Makes a file name safe for an object key while keeping it readable in the support mail. */
export function safeFileName(name: string): string {
  const ext = extensionOf(name);
  const base = name
    .slice(0, ext ? -(ext.length + 1) : undefined)
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .replace(/^[. ]+/, '')
    .slice(0, 150);
  return `${base || 'file'}${ext ? `.${ext}` : ''}`;
}

/** Does the start of a file match what its extension claims? Text types must not contain NUL bytes. */
export function sniffMatches(name: string, head: Uint8Array): boolean {
  const ext = extensionOf(name) as FileExtension;
  const startsWith = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      return startsWith(0xff, 0xd8, 0xff);
    case 'png':
      return startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'gif':
      return startsWith(0x47, 0x49, 0x46, 0x38);
    case 'pdf':
      return startsWith(0x25, 0x50, 0x44, 0x46);
    case 'docx':
    case 'pptx':
    case 'xlsx':
      return startsWith(0x50, 0x4b, 0x03, 0x04);
    case 'mp3':
      // An ID3 tag, or an MPEG audio frame sync.
      return startsWith(0x49, 0x44, 0x33) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
    case 'csv':
    case 'txt':
      return !head.includes(0);
    default:
      return false;
  }
}
