/** POST /api/uploads: one presigned POST per file, only for files the form's rules allow; and the route throttle. */
import { describe, expect, it } from 'vitest';
import { localClientLimits } from '@shared/deployment/manifest';
import { uploadKeyPattern } from '@shared/contract/uploads';
import { post } from '../../helpers/local-api';
import { objectKeys, pdfBytes, upload } from './support';

const MB = 1024 * 1024;
const containing = (items: string[]) => expect.arrayContaining(items) as unknown;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('POST /api/uploads', () => {
  it('presigns one POST per file under a random incoming/ prefix, pinning the size range and the content type', async () => {
    const answer = await post('/api/uploads', { form: 'demoRequest', files: [file('Q3 deck.pdf', 'application/pdf'), file('team photo.JPG', '')] });
    expect(answer.status).toBe(200);
    const uploads = answer.body.uploads!;
    expect(uploads).toHaveLength(2);
    expect(uploads[0]!.key).toMatch(/^incoming\/[0-9a-f-]{36}\/Q3 deck\.pdf$/);
    expect(uploads[1]!.key).toMatch(/^incoming\/[0-9a-f-]{36}\/team photo\.jpg$/);
    expect(uploads[0]!.key.split('/')[1]).not.toBe(uploads[1]!.key.split('/')[1]);
    for (const u of uploads) expect(u.key).toMatch(uploadKeyPattern);
    expect(uploads[1]!.fields['Content-Type']).toBe('image/jpeg');
    const policy = JSON.parse(Buffer.from(uploads[0]!.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 10 * MB],
        ['eq', '$Content-Type', 'application/pdf'],
        { key: uploads[0]!.key },
      ]),
    );
    const minutes = (Date.parse(policy.expiration) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(13);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('lets the browser post the file straight to the bucket', async () => {
    const [key] = await upload([{ name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(4096) }]);
    expect(await objectKeys(key!)).toEqual([key]);
  });

  const refused: [string, unknown, number, string?][] = [
    ['six files', { form: 'demoRequest', files: Array.from({ length: 6 }, (_, i) => file(`f${i}.pdf`, 'application/pdf')) }, 400, 'You can upload up to 5 files'],
    ['a file over 10MB', { form: 'demoRequest', files: [file('big.pdf', 'application/pdf', 10 * MB + 1)] }, 400, 'Each file must be less than 10MB'],
    ['an executable', { form: 'demoRequest', files: [file('setup.exe', 'application/octet-stream')] }, 400, 'Supported formats: Images, PDF, DOCX, PPTX, XLSX, CSV, TXT'],
    ['an mp3 on the demo form', { form: 'demoRequest', files: [file('pitch.mp3', 'audio/mpeg')] }, 400, 'Supported formats: Images, PDF, DOCX, PPTX, XLSX, CSV, TXT'],
    ['a name whose type the browser contradicts', { form: 'demoRequest', files: [file('brief.pdf', 'text/html')] }, 400, 'Supported formats: Images, PDF, DOCX, PPTX, XLSX, CSV, TXT'],
    ['an empty file', { form: 'demoRequest', files: [file('empty.pdf', 'application/pdf', 0)] }, 400],
    ['no files', { form: 'demoRequest', files: [] }, 400],
    ['an unknown form', { form: 'payroll', files: [file('a.pdf', 'application/pdf')] }, 400],
    ['a size of the wrong type', { form: 'demoRequest', files: [{ name: 'a.pdf', type: 'application/pdf', size: '1000' }] }, 400],
  ];
  for (const [name, body, status, message] of refused) {
    it(`answers ${status} for ${name}`, async () => {
      const answer = await post('/api/uploads', body);
      expect(answer.status).toBe(status);
      expect(answer.body.uploads).toBeUndefined();
      expect(answer.body.fieldErrors?.[message ? 'files' : '_'] ?? []).toEqual(message ? containing([message]) : []);
    });
  }

  it('answers 415 for a body that is not JSON', async () => {
    expect((await post('/api/uploads', 'form=demoRequest', { raw: true, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it('answers 429 once one client exceeds its limit, and never a 5xx', async () => {
    // A client of its own, so the flood does not use up this file's budget.
    const flooder = { 'x-forwarded-for': '203.0.113.77' };
    const limit = localClientLimits.writeRequestsPer5MinPerIp;
    const statuses: number[] = [];
    for (let sent = 0; sent < limit + 20; sent += 40) {
      const wave = await Promise.all(
        Array.from({ length: 40 }, () => post('/api/uploads', { form: 'demoRequest', files: [] }, { retryThrottled: false, headers: flooder })),
      );
      statuses.push(...wave.map((a) => a.status));
    }
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 400)).toHaveLength(limit);
  });
});
