/**
 * An upload belongs to one submission of one form: POST /api/uploads records each presigned upload with the form
 * it was issued for, and the first submission stored with it claims it (a conditional write). Another submission
 * naming the same key, of the same form or another, is refused with a clear 400 and leaves nothing behind; a
 * repeat of the claiming submission (same idempotency key, same body) is still answered as the original.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import { post, type ApiAnswer } from '../../helpers/local-api';
import { storedSubmission } from '../../helpers/submissions';
import { webhookCalls } from '../../helpers/webhook-inbox';
import { uploadForIdea, validIdea } from '../idea-hub/support';
import { pdfBytes, runToken, upload, validDemo } from './support';

const claimedMessage = (name: string) => `The file ${name} is already attached to another submission. Please attach it again.`;
const otherFormMessage = (name: string) => `The file ${name} was uploaded for another form. Please attach it again.`;

function submit(path: string, body: object, id = randomUUID()): Promise<ApiAnswer & { id: string }> {
  return post(path, body, { headers: { 'idempotency-key': id } }).then((answer) => ({ ...answer, id }));
}

const refusedWith = (message: string) => ({ status: 400, message, fieldErrors: { files: [message] } });
const outcome = (a: ApiAnswer) => ({ status: a.status, message: a.body.message, fieldErrors: a.body.fieldErrors });

describe('an upload is claimed once, by the first submission of its own form', () => {
  it('a second demo request and an idea naming the same key are refused 400 and store nothing; the first one’s repeat still succeeds', async () => {
    const started = Date.now();
    const [key] = await upload([{ name: 'brief.pdf', type: 'application/pdf', content: pdfBytes(4096) }]);
    const demoA = validDemo(runToken());
    const first = await submit(routes.createDemoRequest.path, { ...demoA, files: [key] });
    expect(first.status).toBe(201);

    const second = await submit(routes.createDemoRequest.path, { ...validDemo(runToken()), files: [key] });
    expect(outcome(second)).toEqual(refusedWith(claimedMessage('brief.pdf')));
    expect(await storedSubmission(second.id)).toBeUndefined();

    const idea = validIdea(runToken());
    const third = await submit(routes.createIdea.path, { ...idea, files: [key] });
    expect(outcome(third)).toEqual(refusedWith(otherFormMessage('brief.pdf')));
    expect(await storedSubmission(third.id)).toBeUndefined();
    const calls = await webhookCalls({ since: started - 1000 });
    expect(calls.filter((c) => c.body.includes(idea.title))).toEqual([]);

    // The same submission sent again (a retry after a lost answer) is the original, not a second claim.
    const repeat = await submit(routes.createDemoRequest.path, { ...demoA, files: [key] }, first.id as ReturnType<typeof randomUUID>);
    expect({ status: repeat.status, id: repeat.body.id }).toEqual({ status: 200, id: first.id });
  });

  it('refuses an upload issued for the idea form on a demo request, even before anyone claimed it', async () => {
    const [key] = await uploadForIdea([{ name: 'plan.pdf', type: 'application/pdf', content: pdfBytes(2048) }]);
    const demo = await submit(routes.createDemoRequest.path, { ...validDemo(runToken()), files: [key] });
    expect(outcome(demo)).toEqual(refusedWith(otherFormMessage('plan.pdf')));
    expect(await storedSubmission(demo.id)).toBeUndefined();
    // Its own form still takes it.
    const idea = await submit(routes.createIdea.path, { ...validIdea(runToken()), files: [key] });
    expect(idea.status).toBe(201);
  });

  it('lets exactly one of two different demo requests racing for the same upload store it', async () => {
    const [key] = await upload([{ name: 'race.pdf', type: 'application/pdf', content: pdfBytes(1024) }]);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => submit(routes.createDemoRequest.path, { ...validDemo(runToken()), files: [key] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
    const stored = await Promise.all(answers.map((a) => storedSubmission(a.id)));
    expect(stored.filter(Boolean)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 400)) expect(outcome(a)).toEqual(refusedWith(claimedMessage('race.pdf')));
  });
});
