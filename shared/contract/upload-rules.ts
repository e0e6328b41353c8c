/**
 * The file rules of the two forms that take attachments (the Idea Hub and the demo dialog), as the spec words them:
 * how many files, how large, which types, and the message for each. The browser's file picker checks a selection with
 * `checkFiles`; the uploads handler checks the same rules through `uploadRequestSchema` (./uploads.ts, which
 * re-exports this module). No zod here, so a form's file picker renders without loading the validation code.
 */
export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Content types by extension. The first type is the canonical one the object is stored with. */
const typesByExtension = {
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  csv: ['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/csv'],
  txt: ['text/plain'],
  mp3: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3'],
} as const;

export type FileExtension = keyof typeof typesByExtension;

export interface FileRules {
  readonly extensions: readonly FileExtension[];
  /** The picker's `accept` attribute. */
  readonly accept: string;
  /** The rules as the picker states them next to the input. */
  readonly hint: string;
  /**
   * What a selection that breaks a rule does: the Idea Hub picker clears the whole selection (spec 000_87e5fbf87b6c3f39.txt §5),
   * the demo picker keeps the files chosen before and refuses only the new ones.
   */
  readonly clearsSelectionOnError: boolean;
  readonly messages: {
    readonly tooMany: string;
    readonly tooLarge: string;
    readonly badType: string;
  };
}

export const fileRules = {
  demoRequest: {
    extensions: ['jpeg', 'jpg', 'png', 'gif', 'pdf', 'docx', 'pptx', 'xlsx', 'csv', 'txt'],
    accept: '.jpeg,.jpg,.png,.gif,.pdf,.docx,.pptx,.xlsx,.csv,.txt',
    hint: 'Up to 5 files of at most 10MB each: images (JPEG, PNG, GIF), PDF, Word, PowerPoint, Excel, CSV or text.',
    clearsSelectionOnError: false,
    messages: {
      tooMany: 'You can upload up to 5 files',
      tooLarge: 'Each file must be less than 10MB',
      badType: 'Supported formats: Images, PDF, DOCX, PPTX, XLSX, CSV, TXT',
    },
  },
  idea: {
    extensions: ['csv', 'xlsx', 'pptx', 'pdf', 'txt', 'mp3'],
    accept: '.csv,.xlsx,.pptx,.pdf,.txt,.mp3',
    // spec 000_87e5fbf87b6c3f39.txt §5, the second reading: accepts .csv, .xlsx, .pptx, .pdf, .txt, .mp3; 10MB each; up to 5.
    hint: 'Accepted formats: .csv, .xlsx, .pptx, .pdf, .txt, .mp3. Up to 5 files, 10MB each.',
    clearsSelectionOnError: true,
    messages: {
      // The Idea Hub picker's own wording (spec 000_87e5fbf87b6c3f39.txt §5, second reading); the schema wording is `badType`.
      tooMany: 'You can only upload up to 5 files',
      tooLarge: 'One or more files have invalid format or are too large (max 10MB)',
      badType: 'Supported formats: CSV, XLSX, PPTX, PDF, TXT, MP3',
    },
  },
} as const satisfies Record<string, FileRules>;

export type UploadForm = keyof typeof fileRules;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The canonical content type for a file name under a form's rules, or undefined if the form refuses it. */
export function allowedContentType(form: UploadForm, name: string, browserType: string): string | undefined {
  const ext = extensionOf(name) as FileExtension;
  const rules: FileRules = fileRules[form];
  if (!rules.extensions.includes(ext)) return undefined;
  const types: readonly string[] = typesByExtension[ext];
  // Browsers leave `type` empty for some files (e.g. .csv on some systems): the extension decides then.
  if (browserType !== '' && !types.includes(browserType)) return undefined;
  return types[0];
}

export interface FileLike {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** Checks a selection as the spec's rules do; answers the first problem's message or undefined. */
export function checkFiles(form: UploadForm, files: readonly FileLike[]): string | undefined {
  const { messages } = fileRules[form];
  if (files.length > MAX_FILES) return messages.tooMany;
  if (files.some((f) => f.size > MAX_FILE_BYTES)) return messages.tooLarge;
  if (files.some((f) => allowedContentType(form, f.name, f.type) === undefined)) {
    return form === 'idea' ? messages.tooLarge : messages.badType;
  }
  return undefined;
}
