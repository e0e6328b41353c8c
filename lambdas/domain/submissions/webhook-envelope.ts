/**
 * What the agency's automation webhooks receive (spec 000_87e5fbf87b6c3f39.txt §3 "Webhook upload item", section 7
 * "The calls the product makes", items 4 and 6, and section 8 "Error catalogue"): the envelope `{ webhookType,
 * data, files }`, with the submission's form values in `data` (an idea's plus submittedAt). Files travel as
 * upload items: `{ name, type, size, data (base64) }`, or `{ name, error: 'Failed to encode file' }` when a file
 * could not be read. Only a stored submission's delivery builds one (an idea's own delivery, or staff sending a
 * submission to a webhook from the console): no route lets a caller send its own.
 */
import type { FileStore, WebhookType } from './ports';
import type { StoredFile, SubmissionRecord } from './record';

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

/** Each stored file as an upload item; a file that cannot be read goes as the spec's error item. */
export function uploadItems(files: FileStore, stored: readonly StoredFile[]): Promise<UploadItem[]> {
  return Promise.all(stored.map((file) => toUploadItem(file, () => files.read(file.key))));
}

/**
 * Both webhook deliveries of an attempt run at the same time and carry the same files: they share one read and
 * encoding (up to 5 x 10 MB, about 67 MB of base64) instead of holding two copies in the function's memory.
 */
const encodingInFlight = new Map<string, Promise<UploadItem[]>>();

function sharedUploadItems(files: FileStore, record: SubmissionRecord<unknown>): Promise<UploadItem[]> {
  if (record.files.length === 0) return Promise.resolve([]);
  const key = `${record.id}:${record.version}`;
  let pending = encodingInFlight.get(key);
  if (!pending) {
    pending = uploadItems(files, record.files);
    encodingInFlight.set(key, pending);
    const forget = () => encodingInFlight.delete(key);
    pending.then(forget, forget);
  }
  return pending;
}

/** The envelope a webhook receives for a stored submission: its data as stored, and its files as upload items. */
export async function webhookEnvelope<D>(record: SubmissionRecord<D>, type: WebhookType, files: FileStore): Promise<WebhookEnvelope<D>> {
  return { webhookType: type, data: record.data, files: await sharedUploadItems(files, record as SubmissionRecord<unknown>) };
}
