/**
 * What the agency's automation webhooks receive for an idea (spec 000_87e5fbf87b6c3f39.txt §3 "Webhook upload item", section 7
 * "The calls the product makes", item 4, and section 8 "Error catalogue"): the envelope `{ webhookType, data,
 * files }`, with the idea's form values plus submittedAt in `data`. Files travel as upload items:
 * `{ name, type, size, data (base64) }`, or `{ name, error: 'Failed to encode file' }` when a file could not be
 * read. Only a stored submission's delivery builds one: no route lets a caller send its own.
 */
import type { WebhookType } from './ports';

/** spec 000_87e5fbf87b6c3f39.txt §8: the item a file that cannot be read is sent as. */
export const ENCODE_FAILED = 'Failed to encode file';

interface EncodedUploadItem {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  /** The file's bytes, base64. */
  readonly data: string;
}
interface FailedUploadItem {
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

/**
 * The upload item of one file, reading its bytes with `read`: encoded, or the spec's error item when reading
 * fails (the other files and the data still go out).
 */
export async function toUploadItem(
  file: { readonly name: string; readonly type: string; readonly size: number },
  read: () => Promise<Uint8Array>,
): Promise<UploadItem> {
  try {
    const bytes = await read();
    return { name: file.name, type: file.type, size: bytes.length, data: Buffer.from(bytes).toString('base64') };
  } catch {
    return { name: file.name, error: ENCODE_FAILED };
  }
}
