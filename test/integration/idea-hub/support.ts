/**
 * What the Idea Hub integration tests share: the one local stack (test/integration/global-setup.ts), direct
 * uploads of the idea form through its API and S3, files and a valid idea. Events, stored submissions and
 * their mails come from test/helpers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { uploadFiles, type UploadFile } from '../../helpers/local-api';
import { localStack } from '../../helpers/local-stack';
import { idea } from '../../helpers/records';

export const stack = localStack();

/** Presigned POSTs from the local API for the idea form, then each file straight to S3; answers the keys. */
export const uploadForIdea = (files: readonly UploadFile[]) => uploadFiles('idea', files);

/** A small PDF-looking file whose bytes are random after the magic number, so a wrong decode shows. */
export function pdfFile(name: string, size = 4096): UploadFile {
  const content = new Uint8Array(randomBytes(size));
  content.set([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
  return { name, type: 'application/pdf', content };
}

export function csvFile(name: string): UploadFile {
  return { name, type: 'text/csv', content: new TextEncoder().encode(`clinic,staff\nNorth,12\nSouth,${randomUUID()}\n`) };
}

/** A valid idea whose title carries this run's token (test/helpers/records.ts). */
export const validIdea = (token: string) => idea({ title: `Shift planner ${token}` });
