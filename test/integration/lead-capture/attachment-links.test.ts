/** The support mail's links keep working for 7 days after the mail, and stop afterwards. */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/contract/api';
import { handler as openAttachment } from '../../../lambdas/handlers/attachment-links';
import { httpEvent, lambdaContext } from '../../helpers/http-event';
import { post } from '../../helpers/local-api';
import { storedSubmission } from '../../helpers/submissions';
import { attachmentFolder } from '../../../lambdas/domain/submissions/attachments';
import { pdfBytes, upload, validDemo, runToken } from './support';

const DAY = 24 * 3600 * 1000;

const getEvent = (key: string) => httpEvent(routes.openAttachment, undefined, { query: { key } });

afterEach(() => {
  vi.useRealTimers();
});

describe('a link to a stored attachment', () => {
  it('redirects for 7 days after the last possible send, then answers 404', async () => {
    const keys = await upload([{ name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(1000) }]);
    const id = randomUUID();
    expect((await post('/api/demo-requests', { ...validDemo(runToken()), files: keys }, { headers: { 'idempotency-key': id } })).status).toBe(201);
    const key = `${attachmentFolder(id, String((await storedSubmission(id))?.fingerprint))}1-brief.pdf`;
    expect(await storedSubmission(id)).toMatchObject({ files: [{ key, name: 'brief.pdf', type: 'application/pdf', size: 1000 }] });
    const created = Date.now();

    vi.useFakeTimers({ toFake: ['Date'], now: created + 7 * DAY + 17 * 3600 * 1000 });
    const valid = await openAttachment(getEvent(key), lambdaContext);
    expect(valid.statusCode).toBe(302);
    expect(valid.headers?.location).toContain('1-brief.pdf');

    vi.setSystemTime(created + 8 * DAY);
    const expired = await openAttachment(getEvent(key), lambdaContext);
    expect(expired.statusCode).toBe(404);
    expect(JSON.parse(expired.body ?? '{}')).toEqual({ message: 'This link does not exist or has expired.' });
  });
});
