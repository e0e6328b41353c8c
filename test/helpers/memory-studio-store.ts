/**
 * The prompt studio's table in memory, for unit tests: the same rules as lambdas/data/prompt-studios.ts (versions
 * numbered one after another, never overwritten; counted windows; every item of a purchase exported and removed),
 * which the integration tests hold the DynamoDB module to.
 */
import type { StoredVersion, StudioLimit, StudioRecord, StudioRecords, StudioStore } from '../../lambdas/domain/prompt-studio/ports';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function memoryStudioStore(): StudioStore & StudioRecords & { records: Map<string, Mutable<StudioRecord>>; versions: Map<string, StoredVersion[]> } {
  const records = new Map<string, Mutable<StudioRecord>>();
  const versions = new Map<string, StoredVersion[]>();
  const windows = new Map<string, { start: number; count: number }>();
  const record = (sessionId: string, appId: StudioRecord['appId']) => {
    let r = records.get(sessionId);
    if (!r) {
      r = { sessionId, appId };
      records.set(sessionId, r);
    }
    return r;
  };
  const summary = ({ text: _t, answers: _a, ...s }: StoredVersion) => s;
  return {
    records,
    versions,
    get: async (id) => (records.has(id) ? structuredClone(records.get(id)) : undefined),
    async keepDraft(id, appId, answers, at) {
      const r = record(id, appId);
      r.draft = structuredClone(answers);
      r.draftKeptAt = at.toISOString();
    },
    async count(id, appId, limit: StudioLimit, now, max, windowSeconds) {
      record(id, appId);
      const key = `${id}#${limit}`;
      const w = windows.get(key);
      if (w && w.start > now.getTime() - windowSeconds * 1000) {
        if (w.count >= max) return false;
        w.count += 1;
        return true;
      }
      windows.set(key, { start: now.getTime(), count: 1 });
      return true;
    },
    listVersions: async (id) => [...(versions.get(id) ?? [])].reverse().map(summary),
    getVersion: async (id, n) => structuredClone((versions.get(id) ?? []).find((v) => v.number === n)),
    latestVersion: async (id) => structuredClone((versions.get(id) ?? []).at(-1)),
    async addVersion(id, appId, v) {
      record(id, appId);
      const list = versions.get(id) ?? [];
      const stored = { number: list.length + 1, characters: v.text.length, ...structuredClone(v) } as StoredVersion;
      versions.set(id, [...list, stored]);
      return structuredClone(stored);
    },
    async noteFailure(id, appId, failure) {
      const r = record(id, appId);
      r.lastFailure = failure;
      r.failures = (r.failures ?? 0) + 1;
      return r.failures;
    },
    async everything(id) {
      const r = records.get(id);
      return r ? { studio: structuredClone(r), versions: structuredClone(versions.get(id) ?? []) } : undefined;
    },
    async remove(id) {
      const n = (records.has(id) ? 1 : 0) + (versions.get(id)?.length ?? 0);
      records.delete(id);
      versions.delete(id);
      return n;
    },
  };
}
