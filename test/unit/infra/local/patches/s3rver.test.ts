/**
 * The s3rver patch (infra/local/patches/s3rver.ts) on a real s3rver: copies sent at once to one key all succeed and
 * leave the source's bytes (unpatched, s3rver fails some with InternalError), and a running server's connections
 * can be dropped. A failure names the patch and the s3rver version.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CopyObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { atomicCopies, closeConnections, s3rverPatch } from '../../../../../infra/local/patches/s3rver';
import { noLongerFits, pinOf } from '../../../../helpers/patches';

const dir = mkdtempSync(join(tmpdir(), 's3rver-patch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`patch "${s3rverPatch.name}" of s3rver`, () => {
  it('is pinned to exactly the version installed', () => {
    const { pinned, installed } = pinOf(s3rverPatch);
    expect(pinned, noLongerFits(s3rverPatch, `package.json must pin it exactly; it says ${pinned}`)).toBe(installed);
  });

  it('copies to one key at once all succeed, and the copy has the source bytes', { timeout: 30_000 }, async () => {
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'patch-test' }] });
    atomicCopies(server);
    const { port } = await server.run();
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      maxAttempts: 1,
    });
    try {
      const body = 'x'.repeat(256 * 1024);
      await client.send(new PutObjectCommand({ Bucket: 'patch-test', Key: 'incoming/a.txt', Body: body }));
      const copies = await Promise.allSettled(
        Array.from({ length: 8 }, () => client.send(new CopyObjectCommand({ Bucket: 'patch-test', Key: 'attachments/a.txt', CopySource: 'patch-test/incoming/a.txt' }))),
      );
      const failed = copies.filter((c) => c.status === 'rejected').map((c) => String((c as PromiseRejectedResult).reason));
      expect(failed, noLongerFits(s3rverPatch, 'copies at once to one key failed')).toEqual([]);
      const copied = await client.send(new GetObjectCommand({ Bucket: 'patch-test', Key: 'attachments/a.txt' }));
      expect(await copied.Body?.transformToString(), noLongerFits(s3rverPatch, 'the copy differs from its source')).toBe(body);
    } finally {
      client.destroy();
      closeConnections(server);
      await server.close();
    }
  });
});
