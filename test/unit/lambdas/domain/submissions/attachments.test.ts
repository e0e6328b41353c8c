/**
 * Claiming uploads (lambdas/domain/submissions/attachments.ts `claimUploads`): an upload is claimed by one
 * submission of the form it was issued for; a claim left behind by a submission that was never stored is given up
 * once stale, so the visitor can send the file again with a corrected form.
 */
import { describe, expect, it } from 'vitest';
import { RejectedInput } from '../../../../../lambdas/domain/errors';
import { STALE_CLAIM_MS, claimUploads, uploadMessages } from '../../../../../lambdas/domain/submissions/attachments';
import { memoryFileStore, memoryUploadClaims } from '../../../../helpers/memory-submission-store';

const KEY = 'incoming/0f8fad5b-d9cb-469f-a165-708677289501/brief.pdf';
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
const now = new Date('2026-11-22T10:00:00.000Z');
const FP = 'a'.repeat(64);

function setup(form = 'demoRequest') {
  const files = memoryFileStore({ [KEY]: pdf });
  const claims = memoryUploadClaims({ [KEY]: form });
  const stored = new Set<string>();
  const claim = (id: string, at = now) => claimUploads(files, 'demoRequest', [KEY], id, FP, { claims, now: at, isStored: async (other) => stored.has(other) });
  return { files, claims, stored, claim };
}

const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (e instanceof RejectedInput ? e.message : e));

describe('claimUploads', () => {
  it('claims an upload for the first submission and copies it into that submission’s folder', async () => {
    const { claim, claims, files } = setup();
    const stored = await claim('sub-a');
    expect(stored).toEqual([{ key: `attachments/sub-a/${FP.slice(0, 12)}/1-brief.pdf`, name: 'brief.pdf', type: 'application/pdf', size: pdf.byteLength, uploadKey: KEY }]);
    expect(claims.items.get(KEY)).toMatchObject({ claimedBy: 'sub-a' });
    expect(files.objects.has(stored[0]!.key)).toBe(true);
  });

  it('lets the same submission claim it again (a repeat), and refuses another one', async () => {
    const { claim, stored } = setup();
    await claim('sub-a');
    stored.add('sub-a');
    await expect(claim('sub-a')).resolves.toHaveLength(1);
    expect(await refusal(claim('sub-b'))).toBe(uploadMessages.claimed('brief.pdf'));
  });

  it('refuses an upload issued for another form, and one never issued', async () => {
    expect(await refusal(setup('idea').claim('sub-a'))).toBe(uploadMessages.otherForm('brief.pdf'));
    const { files, claim } = setup();
    files.objects.set('incoming/11111111-1111-4111-8111-111111111111/x.pdf', pdf);
    const unknown = claimUploads(files, 'demoRequest', ['incoming/11111111-1111-4111-8111-111111111111/x.pdf'], 'sub-a', FP, {
      claims: memoryUploadClaims({}),
      now,
      isStored: async () => false,
    });
    expect(await refusal(unknown)).toBe(uploadMessages.notUploaded('x.pdf'));
    await expect(claim('sub-a')).resolves.toHaveLength(1);
  });

  it('takes over a stale claim whose submission was never stored, but never a stored one’s', async () => {
    const { claim, claims, stored } = setup();
    await claim('sub-lost');
    const later = new Date(now.getTime() + STALE_CLAIM_MS + 1000);
    expect(await refusal(claim('sub-b', new Date(now.getTime() + 1000)))).toBe(uploadMessages.claimed('brief.pdf'));
    await expect(claim('sub-b', later)).resolves.toHaveLength(1);
    expect(claims.items.get(KEY)).toMatchObject({ claimedBy: 'sub-b' });
    stored.add('sub-b');
    expect(await refusal(claim('sub-c', new Date(later.getTime() + 2 * STALE_CLAIM_MS)))).toBe(uploadMessages.claimed('brief.pdf'));
  });
});
