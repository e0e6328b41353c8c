/**
 * DynamoDB (dynalite), S3 (s3rver) and SES v2 (aws-ses-v2-local) on 127.0.0.1, data in the state folder.
 * How the local stack stands in for the AWS services is summed up in docs/architecture.md.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import sesLocalModule from 'aws-ses-v2-local';
import { localOnly } from './local-only';
import { HOST, choosePort, closeServer, listen } from './net';
import { receivedMail, restoreMail, type StoredMail } from './patches/aws-ses-v2-local';
import { atomicCopies, closeConnections, s3rverServer } from './patches/s3rver';
import type { LocalService } from './service';
import { readJson, writeJson } from './state';

// A CommonJS module with `exports.default`: Node's ESM loader hands over module.exports, Vite the function.
const sesLocal = ((sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ?? sesLocalModule) as typeof sesLocalModule;

interface Emulator {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Each emulator takes the port it had last time when it is free (URLs stay the same), else any free port. */
export function dynamodbEmulator(dataDir: string, preferredPort?: number): LocalService<Emulator> {
  return {
    name: 'DynamoDB (dynalite)',
    async start() {
      mkdirSync(dataDir, { recursive: true });
      // Tables are ACTIVE at once: nothing here waits for provisioning the way AWS makes you wait.
      const server = dynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
      // Only the SDK calls it: no web page, whatever dynalite's own CORS answers say.
      localOnly(server);
      const actual = await listen(server, await choosePort(preferredPort));
      return {
        url: `http://${HOST}:${actual}`,
        port: actual,
        // dynalite's close() also closes LevelDB, so the folder can be opened again in this process.
        stop: () => closeServer(server),
      };
    },
  };
}

function corsXml(origins: readonly string[]): string {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n  ');
  return `<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">\n  ${rules}\n</CORSConfiguration>`;
}

/** Buckets are (re)configured on every start, so their CORS follows the site's current origin. */
export function s3Emulator(
  dataDir: string,
  preferredPort: number | undefined,
  buckets: readonly { name: string; corsOrigins: readonly string[] }[],
): LocalService<Emulator> {
  return {
    name: 'S3 (s3rver)',
    async start() {
      mkdirSync(dataDir, { recursive: true });
      const s3 = new S3rver({
        address: HOST,
        port: await choosePort(preferredPort),
        silent: true,
        directory: dataDir,
        configureBuckets: buckets.map((b) => ({ name: b.name, configs: b.corsOrigins.length ? [corsXml(b.corsOrigins)] : [] })),
      });
      atomicCopies(s3);
      const address = await s3.run();
      // The site's pages upload (presigned POSTs) and download here; no other origin's. s3rver checks no signature.
      localOnly(s3rverServer(s3), { allowedOrigins: [...new Set(buckets.flatMap((b) => b.corsOrigins))] });
      return {
        url: `http://${HOST}:${address.port}`,
        port: address.port,
        stop: async () => {
          closeConnections(s3);
          await s3.close();
        },
      };
    },
  };
}

/**
 * aws-ses-v2-local keeps mail in memory (one store per process); the stack saves it on stop and loads it on
 * start, so verification codes survive a restart like the rest of the data (./patches/aws-ses-v2-local.ts).
 */
export function sesEmulator(mailFile: string, preferredPort?: number): LocalService<Emulator> {
  return {
    name: 'SES (aws-ses-v2-local)',
    async start() {
      // The store outlives a stack stopped in this process (tests restart stacks): start from this folder's mail.
      restoreMail(readJson<StoredMail[]>(mailFile, []));
      const server = (await sesLocal({ host: HOST, port: await choosePort(preferredPort) })) as Server;
      // Its mailbox page calls it as its own origin; no other page may send or clear mail.
      localOnly(server);
      const actual = (server.address() as { port: number }).port;
      return {
        url: `http://${HOST}:${actual}`,
        port: actual,
        stop: async () => {
          writeJson(mailFile, receivedMail());
          await closeServer(server);
        },
      };
    },
  };
}

export const stateFiles = (stateDir: string) => ({
  dynamodb: join(stateDir, 'dynamodb'),
  s3: join(stateDir, 's3'),
  mail: join(stateDir, 'mail.json'),
  cognito: join(stateDir, 'cognito'),
  signOuts: join(stateDir, 'cognito-sign-outs.json'),
  webhookCalls: join(stateDir, 'webhook-calls.json'),
  stack: join(stateDir, 'stack.json'),
});
