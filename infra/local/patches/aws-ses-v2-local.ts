/**
 * aws-ses-v2-local's internals the local SES relies on: "mailbox kept across restarts". It keeps the mail it
 * received in memory, one store per process, with no way in its API to put mail back; the local stack saves that
 * store on stop and refills it on start from the state folder (dist/store.js's `getStoreReadonly`, whose `emails`
 * array is the store itself), so verification codes survive a restart like the rest of the data.
 */
import { internalModule, PatchNoLongerFits, reached, type Patch } from './patch';

export const sesMailboxPatch: Patch = {
  name: 'mailbox kept across restarts',
  packageName: 'aws-ses-v2-local',
  writtenFor: '2.10.2',
  file: 'infra/local/patches/aws-ses-v2-local.ts',
};

export interface StoredMail {
  at: number;
  [key: string]: unknown;
}

/** The emulator's in-memory list of received mail (the list itself: changing it changes what it serves). */
export function receivedMail(): StoredMail[] {
  const store = internalModule(sesMailboxPatch, 'dist/store.js');
  const getStore = reached<() => { emails?: unknown }>(sesMailboxPatch, 'dist/store.js getStoreReadonly', store.getStoreReadonly, 'function');
  const emails = getStore().emails;
  if (!Array.isArray(emails)) throw new PatchNoLongerFits(sesMailboxPatch, 'getStoreReadonly().emails is not a list');
  return emails as StoredMail[];
}

/** Replaces the received mail with `mails` (the state folder's, at start). */
export function restoreMail(mails: readonly StoredMail[]): void {
  const emails = receivedMail();
  emails.splice(0, emails.length, ...mails);
}
