import { describe, expect, it } from 'vitest';
import { ATTACHMENT_LINK_SECONDS, AttachmentNotFound, attachmentLink, attachmentQuerySchema, resolveAttachment } from '../../../../../lambdas/domain/submissions/attachment-link';
import type { SubmissionRecord } from '../../../../../lambdas/domain/submissions/record';

const id = '3b241101-e2bb-4255-8caf-4136c566a962';
const key = `attachments/${id}/2-big deck.pptx`;
const record: SubmissionRecord = {
  id,
  kind: 'demoRequest',
  createdAt: '2026-11-22T10:00:00.000Z',
  data: {},
  files: [{ key, name: 'big deck.pptx', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', size: 9_000_000 }],
  deliveries: {},
  version: 2,
};
const store = { get: async (wanted: string) => (wanted === id ? record : undefined) };
const at = (ms: number) => new Date(Date.parse(record.createdAt) + ms);

describe('attachment links', () => {
  it('point at the site, never at the bucket', () => {
    expect(attachmentLink('https://cadence-ai.example/', key)).toBe(`https://cadence-ai.example/api/attachments?key=attachments%2F${id}%2F2-big%20deck.pptx`);
  });

  it('stay valid 7 days after the latest possible send, then expire', async () => {
    expect(ATTACHMENT_LINK_SECONDS).toBeGreaterThan(7 * 24 * 3600 + 17 * 3600);
    expect(ATTACHMENT_LINK_SECONDS).toBeLessThan(8 * 24 * 3600);
    await expect(resolveAttachment(store, key, at(0))).resolves.toEqual(record.files[0]);
    await expect(resolveAttachment(store, key, at(ATTACHMENT_LINK_SECONDS * 1000))).resolves.toEqual(record.files[0]);
    await expect(resolveAttachment(store, key, at(ATTACHMENT_LINK_SECONDS * 1000 + 1))).rejects.toBeInstanceOf(AttachmentNotFound);
  });

  it('open only files their submission lists', async () => {
    await expect(resolveAttachment(store, `attachments/${id}/1-other.pdf`, at(0))).rejects.toBeInstanceOf(AttachmentNotFound);
    await expect(resolveAttachment(store, `attachments/0f8fad5b-d9cb-469f-a165-708677289501/2-big deck.pptx`, at(0))).rejects.toBeInstanceOf(AttachmentNotFound);
    for (const bad of ['incoming/x/a.pdf', `attachments/${id}/../../x`, `attachments/${id}/2-a.pdf?x`, '']) {
      expect(attachmentQuerySchema.safeParse({ key: bad }).success).toBe(false);
    }
    expect(attachmentQuerySchema.safeParse({}).success).toBe(false);
  });

  it('take the keys claimUploads writes now (a fingerprint folder) and the keys of mail sent before it', () => {
    for (const good of [`attachments/${id}/0123456789ab/1-brief.pdf`, key]) expect(attachmentQuerySchema.safeParse({ key: good }).success).toBe(true);
    for (const bad of [`attachments/${id}/0123456789AB/1-brief.pdf`, `attachments/${id}/0123456789ab/x/1-brief.pdf`, `attachments/${id}/012345/1-brief.pdf`]) {
      expect(attachmentQuerySchema.safeParse({ key: bad }).success).toBe(false);
    }
  });
});
