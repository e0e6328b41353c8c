/**
 * s3rver's internals the local S3 relies on:
 *
 * - "atomic copies": S3's CopyObject is atomic: a reader sees the old object or the new one, and copies to one key
 *   at once all succeed. s3rver's filesystem store rewrites the target's files in place, so two copies at once fail
 *   with InternalError and a read during a copy can find no object. Requests sent at once under one submission id
 *   copy the same uploads to the same keys, so the store's `copyObject` is replaced by one that writes each file of
 *   a copy beside the target and renames it over.
 * - its HTTP server (`httpServer`, not part of its typed API): guarded like every local endpoint
 *   (infra/local/local-only.ts), and its open connections closed on stop, so a stopped stack lets go of its port
 *   at once.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import type { Server } from 'node:http';
import { dirname } from 'node:path';
import type S3rver from 's3rver';
import { reached, type Patch } from './patch';

export const s3rverPatch: Patch = { name: 'atomic copies', packageName: 's3rver', writtenFor: '3.7.1', file: 'infra/local/patches/s3rver.ts' };

/** What the patch uses of s3rver's filesystem store. */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<unknown>;
  copyObject(srcBucket: string, srcKey: string, destBucket: string, destKey: string, replacementMetadata?: unknown): Promise<unknown>;
}

/** The files a stored object is made of, as s3rver's filesystem store writes them. */
const objectFiles = ['object', 'object.md5', 'metadata.json'];

/** Replaces the store's copyObject of this s3rver instance (before it runs) with an atomic one. */
export function atomicCopies(s3: S3rver): void {
  const store = reached<FilesystemStore>(s3rverPatch, 'S3rver#store', (s3 as unknown as { store?: unknown }).store, 'object');
  for (const method of ['getResourcePath', 'getMetadata', 'copyObject'] as const) reached(s3rverPatch, `store.${method}`, store[method], 'function');
  const original = store.copyObject.bind(store);
  store.copyObject = async (srcBucket, srcKey, destBucket, destKey, replacementMetadata) => {
    if (replacementMetadata || (srcBucket === destBucket && srcKey === destKey)) {
      return original(srcBucket, srcKey, destBucket, destKey, replacementMetadata);
    }
    const target = (resource: string) => store.getResourcePath(destBucket, destKey, resource);
    await mkdir(dirname(target('object')), { recursive: true });
    for (const resource of objectFiles) {
      const temporary = `${target(resource)}.${randomUUID()}.tmp`;
      await copyFile(store.getResourcePath(srcBucket, srcKey, resource), temporary);
      await rename(temporary, target(resource));
    }
    return store.getMetadata(destBucket, destKey);
  };
}

/** The HTTP server of a running s3rver (its `httpServer`, set by `run()`), to guard and to close. */
export function s3rverServer(s3: S3rver): Server {
  return reached<Server>(s3rverPatch, 'S3rver#httpServer after run()', (s3 as unknown as { httpServer?: unknown }).httpServer, 'object');
}

/** Drops the open (keep-alive) connections of a running s3rver, so that closing it does not wait for them. */
export function closeConnections(s3: S3rver): void {
  const server = s3rverServer(s3);
  reached<Server['closeAllConnections']>(s3rverPatch, 'S3rver#httpServer.closeAllConnections', server.closeAllConnections, 'function').call(server);
}
