/**
 * What the agency's automation webhooks receive (spec sections 3, 7.4, 7.6 and 8), shared by the webhook
 * helper's endpoint, its web client and the idea delivery.
 *
 * Every call to a webhook carries the same envelope `{ webhookType, data, files }`: an idea arrives with its
 * form values plus submittedAt in `data`, the helper forwards the caller's `data` as given. Files travel as
 * upload items: `{ name, type, size, data (base64) }`, or `{ name, error: 'Failed to encode file' }` when a
 * file could not be read.
 *
 * The caller picks a webhook only by type. The URLs are configuration (WEBHOOK_TEST_URL / WEBHOOK_PROD_URL);
 * a request naming a URL of its own is refused, so the endpoint cannot be used to reach arbitrary hosts.
 */
import * as z from './zod';
import { MAX_FILES } from '../uploads';

export const webhookTypes = ['test', 'prod'] as const;
export type WebhookType = (typeof webhookTypes)[number];

/** Spec section 8: the item a file that cannot be read is sent as. */
export const ENCODE_FAILED = 'Failed to encode file';

export interface EncodedUploadItem {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  /** The file's bytes, base64. */
  readonly data: string;
}
export interface FailedUploadItem {
  readonly name: string;
  readonly error: typeof ENCODE_FAILED;
}
export type UploadItem = EncodedUploadItem | FailedUploadItem;

/** The body every automation webhook call carries. */
export interface WebhookEnvelope<D = unknown> {
  readonly webhookType: WebhookType;
  readonly data: D;
  readonly files: readonly UploadItem[];
}

export const webhookMessages = {
  type: "webhookType must be 'test' or 'prod'.",
  urlRefused:
    "The webhook address cannot be chosen by the caller: send webhookType 'test' or 'prod' and the configured webhook of that type is used.",
  unknownField: 'Unknown field: only webhookType, data and files are accepted.',
  data: 'data must be a JSON object.',
  tooManyFiles: 'You can only upload up to 5 files',
  fileName: 'Each file needs a name.',
  base64: 'File data must be base64.',
  sizeMismatch: 'A file size does not match its data.',
} as const;

/** Field names that would let a caller aim the call somewhere else; refused with their own message. */
const urlishField = /url|uri|endpoint|host|target|destination|address|href|link/i;

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes a base64 string decodes to (without decoding it). */
export function base64Length(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor((value.length * 3) / 4) - padding;
}

const encodedItemSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1, webhookMessages.fileName), z.maxLength(200)),
    type: z.string().check(z.maxLength(200)),
    size: z.number().check(z.int(), z.gte(0)),
    data: z.string().check(z.regex(base64, webhookMessages.base64), z.refine((s) => s.length % 4 === 0, webhookMessages.base64)),
  })
  .check(z.refine((item) => base64Length(item.data) === item.size, { message: webhookMessages.sizeMismatch, path: ['size'] }));

const failedItemSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, webhookMessages.fileName), z.maxLength(200)),
  error: z.literal(ENCODE_FAILED),
});

export const uploadItemSchema = z.union([encodedItemSchema, failedItemSchema]);

const envelopeSchema = z.object({
  webhookType: z._default(z.enum(webhookTypes, { message: webhookMessages.type }), 'test'),
  data: z._default(z.record(z.string(), z.unknown(), { message: webhookMessages.data }), {}),
  files: z._default(z.array(uploadItemSchema).check(z.maxLength(MAX_FILES, webhookMessages.tooManyFiles)), []),
});

/** Refuses fields other than the three, first and on their own, so a caller-chosen URL gets its own answer. */
function onlyEnvelopeFields(value: unknown, ctx: z.core.$RefinementCtx): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  for (const key of Object.keys(value)) {
    // Own keys only: `in` would let `constructor` and `__proto__` through as if they were envelope fields.
    if (Object.hasOwn(envelopeSchema.shape, key)) continue;
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: urlishField.test(key) ? webhookMessages.urlRefused : webhookMessages.unknownField,
    });
  }
}

/** POST /api/automation-webhook. The body size limit is the route's (shared/deployment/manifest.ts). */
export const automationWebhookRequestSchema = z.pipe(z.unknown().check(z.superRefine(onlyEnvelopeFields)), envelopeSchema);
export type AutomationWebhookRequest = z.input<typeof envelopeSchema>;

/** What the endpoint answers: the webhook's own response data. */
export interface AutomationWebhookResponse {
  readonly webhookType: WebhookType;
  readonly status: number;
  readonly data: unknown;
}

/** Base64 of some bytes, in the browser and in Node alike (chunked: `String.fromCharCode` takes limited args). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/**
 * The upload item of one file, reading its bytes with `read`: encoded, or the spec's error item when reading
 * fails (the other files and the data still go out).
 */
export async function toUploadItem(
  file: { readonly name: string; readonly type: string; readonly size: number },
  read: () => Promise<Uint8Array>,
  encode: (bytes: Uint8Array) => string = bytesToBase64,
): Promise<UploadItem> {
  try {
    const bytes = await read();
    return { name: file.name, type: file.type, size: bytes.length, data: encode(bytes) };
  } catch {
    return { name: file.name, error: ENCODE_FAILED };
  }
}
