/**
 * The staff console's store (and an erasure's changes to it, `SubmissionRecords`) in memory, with the semantics of a DynamoDB Query on an index (lambdas/data/
 * submissions.ts `leadsTable`): one partition, newest first, the sort-key range, `Limit` counting entries read
 * before the filter, `LastEvaluatedKey` when the partition holds more, and the count of entries read.
 */
import { isLeadRecord, type SubmissionRecord } from '../../lambdas/domain/submissions/record';
import type { InboxRead, LeadStore, PageKey, SubmissionRecords } from '../../lambdas/domain/leads/ports';

/** `records`, or the items of a memorySubmissionStore, to share one table with the delivery engine. */
export function memoryLeadStore(
  records: SubmissionRecord<unknown>[] | Map<string, SubmissionRecord<unknown>> = [],
): LeadStore & SubmissionRecords & { items: Map<string, SubmissionRecord<unknown>>; reads: InboxRead[] } {
  const items = records instanceof Map ? records : new Map(records.map((r) => [r.id, structuredClone(r)]));
  const reads: InboxRead[] = [];
  const attr = (r: SubmissionRecord<unknown>, name: string) => (r as unknown as Record<string, unknown>)[name];
  return {
    items,
    reads,
    async readInbox(read) {
      reads.push(read);
      const sort = (r: SubmissionRecord<unknown>) => r.receivedKey ?? '';
      let entries = [...items.values()]
        .filter((r) => attr(r, read.partition.name) === read.partition.value && r.receivedKey !== undefined)
        .filter((r) => !read.range || (sort(r) >= read.range.from && sort(r) <= read.range.to))
        .sort((a, b) => (sort(a) < sort(b) ? 1 : -1));
      if (read.startKey) entries = entries.filter((r) => sort(r) < (read.startKey as PageKey).receivedKey!);
      const window = entries.slice(0, read.limit);
      const w = read.where;
      const rows = window.filter(
        (r) =>
          (w.aliveAt === 0 || r.expiresAt === undefined || r.expiresAt > w.aliveAt) &&
          (!w.kind || r.kind === w.kind) &&
          (!w.status || r.status === w.status) &&
          (!w.reference || r.reference === w.reference) &&
          (w.words ?? []).every((word) => (r.searchText ?? '').includes(word)),
      );
      const last = window.at(-1);
      const more = entries.length > window.length && last;
      return {
        // Only leads carry the inbox's keys (receivedKey), as in the table's sparse indexes.
        rows: rows.filter(isLeadRecord).map((r) => ({ id: r.id, kind: r.kind, createdAt: r.createdAt, status: r.status, reference: r.reference, summary: r.summary, deliveryState: r.deliveryState })),
        ...(more ? { lastKey: { id: last.id, receivedKey: sort(last), [read.partition.name]: read.partition.value } } : {}),
        examined: window.length,
      };
    },
    async get(id) {
      return items.get(id);
    },
    async getMany(ids) {
      return ids.flatMap((id) => (items.has(id) ? [items.get(id) as SubmissionRecord<unknown>] : []));
    },
    async setStatus(id, status, kindStatus, entry) {
      const r = items.get(id);
      if (!r?.summary) return undefined;
      const next = { ...r, status, kindStatus, history: [...(r.history ?? []), entry] };
      items.set(id, next);
      return next;
    },
    async appendHistory(id, entry) {
      const r = items.get(id);
      if (!r?.summary) return undefined;
      const next = { ...r, history: [...(r.history ?? []), entry] };
      items.set(id, next);
      return next;
    },
    async remove(id) {
      items.delete(id);
    },
    async pseudonymiseNotice(id, at) {
      const r = items.get(id);
      if (r?.kind !== 'saleNotice') return;
      items.set(id, { ...r, data: { ...(r.data as object), customerEmail: null }, erasedAt: r.erasedAt ?? at.toISOString() });
    },
  };
}
