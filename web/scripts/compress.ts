/**
 * Writes .br and .gz beside every text asset of the build, so a static server (the local stack, the benchmark)
 * can send them as they are: compressing every response on the fly cost about 50 Lighthouse performance points.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest']);
/** Below this a compressed copy saves nothing worth a request header. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const total = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
    const data = readFileSync(path);
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const gz = gzipSync(data, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    total.files += 1;
    total.bytes += data.length;
    total.brotli += br.length;
    total.gzip += gz.length;
  }
  return total;
}
