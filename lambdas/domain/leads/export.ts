/**
 * The inbox's current filter as a CSV file (lambdas/domain/leads/csv.ts: UTF-8 with BOM, formula cells
 * neutralised), streamed: the rows are read from the inbox index a page at a time, their full records fetched
 * in batches, and written out in parts as they are made (S3 multipart), so 100,000 rows never sit in the
 * function's memory. The file is kept for the stage's `retention.exportDays` and handed out as a short-lived link.
 */
import { uploadPrefixes } from '@shared/contract/uploads';
import type { InboxFilter } from '@shared/contract/schemas/staff-console';
import { kindLabel, statusLabel, type DownloadAnswer } from '@shared/contract/staff-console';
import type { SubmissionRecord } from '../submissions/record';
import { CSV_BOM, csvRow } from './csv';
import { DOWNLOAD_LINK_SECONDS, type LeadDeps } from './deps';
import { planInbox } from './inbox';
import type { InboxRow, PageKey } from './ports';

export const CSV_HEADER = ['Reference', 'Received (UTC)', 'Kind', 'Status', 'Name', 'Email', 'Company or title', 'Delivery', 'Details', 'Files', 'Id'] as const;
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Index entries per Query (a page stops at 1 MB first), and records per BatchGetItem (DynamoDB's maximum). */
const READ_STEP = 5000;
/** What a row needs of a record: not its delivery log, audit trail or search text. */
const ROW_ATTRIBUTES = ['id', 'kind', 'createdAt', 'data', 'files', 'reference', 'summary', 'status', 'deliveryState', 'expiresAt'] as const;
const BATCH = 100;
/**
 * Batches read at once: one at a time, 100,000 rows are a thousand reads one after another (about 15 s deployed,
 * more locally); eight overlap them and stay a few MB of memory.
 */
const PARALLEL_BATCHES = 8;
/** Rows are handed to the writer in chunks of about this many characters. */
const CHUNK_CHARS = 256 * 1024;

/** One submission as a CSV row. */
export function csvRowOf(deps: Pick<LeadDeps, 'plans'>, record: SubmissionRecord<unknown>): string {
  const plan = deps.plans[record.kind];
  const details = plan ? plan.fields(record).map(([label, value]) => `${label}: ${value}`).join('\n') : '';
  return csvRow([
    record.reference ?? '',
    record.createdAt,
    kindLabel(record.kind),
    statusLabel(record.status ?? 'new'),
    record.summary?.name ?? '',
    record.summary?.email ?? '',
    record.summary?.organisation ?? '',
    record.deliveryState ?? '',
    details,
    record.files.map((f) => f.name).join('\n'),
    record.id,
  ]);
}

async function* matchingIds(deps: LeadDeps, filter: InboxFilter): AsyncGenerator<string[]> {
  const now = deps.clock.now();
  const plan = planInbox(filter, now);
  if ('exactId' in plan) {
    yield [plan.exactId];
    return;
  }
  const read = (startKey?: PageKey) => deps.store.readInbox({ ...plan, ...(startKey ? { startKey } : {}), limit: READ_STEP });
  let next = read();
  for (;;) {
    const page = await next;
    // The next page is read while this one's records are fetched and written.
    if (page.lastKey) {
      next = read(page.lastKey);
      next.catch(() => undefined);
    }
    if (page.rows.length > 0) yield page.rows.map((r: InboxRow) => r.id);
    if (!page.lastKey) return;
  }
}

function fileNameOf(now: Date): string {
  return `submissions-${now.toISOString().slice(0, 10)}.csv`;
}

/** Writes the CSV of every submission the filter matches; answers a download link. */
export async function exportInbox(deps: LeadDeps, filter: InboxFilter): Promise<DownloadAnswer> {
  const now = deps.clock.now();
  const fileName = fileNameOf(now);
  const key = `${uploadPrefixes.exports}${deps.newId()}/${fileName}`;
  const writer = await deps.files.create(key, CSV_CONTENT_TYPE);
  let rows = 0;
  let bytes: number;
  try {
    let chunk = CSV_BOM + csvRow(CSV_HEADER);
    const flush = async (force: boolean) => {
      if (chunk.length > 0 && (force || chunk.length >= CHUNK_CHARS)) {
        await writer.write(chunk);
        chunk = '';
      }
    };
    const alive = Math.floor(now.getTime() / 1000);
    const write = async (batch: readonly string[], fetched: SubmissionRecord<unknown>[]) => {
      const byId = new Map(fetched.map((r) => [r.id, r]));
      // In the index's order (newest first); a row deleted or expired meanwhile is left out.
      for (const id of batch) {
        const record = byId.get(id);
        if (!record || (record.expiresAt !== undefined && record.expiresAt <= alive) || !record.summary) continue;
        chunk += csvRowOf(deps, record);
        rows += 1;
      }
      await flush(false);
    };
    // Up to PARALLEL_BATCHES reads in flight, written strictly in order as each completes.
    const inFlight: { batch: string[]; records: Promise<SubmissionRecord<unknown>[]> }[] = [];
    for await (const ids of matchingIds(deps, filter)) {
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = ids.slice(i, i + BATCH);
        const records = deps.store.getMany(batch, ROW_ATTRIBUTES);
        // A failed read is awaited (and thrown) in its turn; until then it must not count as unhandled.
        records.catch(() => undefined);
        inFlight.push({ batch, records });
        if (inFlight.length >= PARALLEL_BATCHES) {
          const next = inFlight.shift() as (typeof inFlight)[number];
          await write(next.batch, await next.records);
        }
      }
    }
    for (const next of inFlight.splice(0)) await write(next.batch, await next.records);
    await flush(true);
    bytes = await writer.finish();
  } catch (error) {
    await writer.abort().catch(() => undefined);
    throw error;
  }
  const url = await deps.files.downloadLink(key, DOWNLOAD_LINK_SECONDS, fileName, CSV_CONTENT_TYPE);
  return { url, fileName, bytes, rows };
}
