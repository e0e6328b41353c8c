/**
 * "Send again" through the engine's lease: a double click or two staff at once send once; a delivered target
 * starts a new round (a new idempotency key for webhooks), a failed one keeps its key; a record a worker holds,
 * or a first attempt about to run, is refused; a webhook a submission never went to can be sent to.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../../lambdas/domain/errors';
import { deliverHandedOff, type SubmissionDeps } from '../../../../../lambdas/domain/submissions/engine';
import { deliveryPlans } from '../../../../../lambdas/domain/submissions/kinds';
import { acceptIdea } from '../../../../../lambdas/domain/submissions/kinds/idea';
import { canSendAgain, sendAgain } from '../../../../../lambdas/domain/submissions/redeliver';
import { newSubmission, MAX_ATTEMPTS } from '../../../../../lambdas/domain/submissions/record';
import type { WebhookType } from '../../../../../lambdas/domain/submissions/ports';
import { memoryConfirmationLedger, memoryFileStore, memorySubmissionStore, memoryUploadClaims, memoryVisitorMail, recordingLog } from '../../../../helpers/memory-submission-store';

const ID = '33333333-3333-4333-8333-333333333333';
const idea = {
  title: 'Shift planner',
  description: 'An assistant that plans shifts for a small clinic.',
  targetUsers: 'Clinic managers',
  businessType: 'Healthcare',
  budget: 'Not sure yet',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  files: [] as string[],
} as const;

function setup(down = new Set<WebhookType>()) {
  let now = new Date('2026-11-22T10:00:00.000Z');
  const posts: { type: WebhookType; key: string }[] = [];
  const store = memorySubmissionStore();
  const deps: SubmissionDeps = {
    store,
    ports: {
      mail: { send: async () => undefined },
      webhooks: {
        async post(type, _payload, key) {
          // Slow enough that two presses overlap.
          await new Promise((r) => setTimeout(r, 20));
          if (down.has(type)) throw new Error(`The ${type} webhook answered 503`);
          posts.push({ type, key });
          return { status: 200, body: { ok: true } };
        },
      },
      files: memoryFileStore({}),
      confirmations: memoryConfirmationLedger(),
      visitorMail: memoryVisitorMail(),
      uploadClaims: memoryUploadClaims({}),
      mailTo: ['sales@example.com'],
      siteOrigin: 'https://site.example',
    },
    plans: deliveryPlans,
    clock: { now: () => now },
    log: recordingLog(),
    handOff: (ref) => deliverHandedOff(deps, ref),
  };
  return { deps, store, posts, down, advance: (s: number) => (now = new Date(now.getTime() + s * 1000)) };
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.kind : String(error);
  }
};

describe('sendAgain', () => {
  it('after the target recovered: two presses at once send once, and the retry job finds nothing left', async () => {
    const { deps, store, posts, down, advance } = setup(new Set(['prod']));
    await acceptIdea(deps, ID, idea);
    down.clear();
    const outcomes = await Promise.allSettled([sendAgain(deps, ID, 'webhook:prod'), sendAgain(deps, ID, 'webhook:prod')]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(posts.filter((p) => p.type === 'prod').map((p) => p.key)).toEqual([`${ID}:webhook:prod`]);
    expect(store.items.get(ID)?.deliveries['webhook:prod']).toMatchObject({ state: 'sent', attempts: 2 });
    advance(3600);
    const { retryDueDeliveries } = await import('../../../../../lambdas/domain/submissions/retry-job');
    await retryDueDeliveries(deps);
    expect(posts.filter((p) => p.type === 'prod')).toHaveLength(1);
  });

  it('a press made on the screen before another press was taken is stale: refused, after a delivered and after a failed delivery', async () => {
    const { deps, store, posts } = setup();
    await acceptIdea(deps, ID, idea);
    // Both staff saw the test webhook delivered, never sent again; one press goes through and finishes its round.
    await sendAgain(deps, ID, 'webhook:test', 0);
    expect(store.items.get(ID)?.deliveries['webhook:test']).toMatchObject({ state: 'sent', sentAgain: 1 });
    expect(await refusal(sendAgain(deps, ID, 'webhook:test', 0))).toBe('conflicting');
    // A failed delivery keeps its round (and idempotency key), so the round alone could not tell the presses apart.
    const record = store.items.get(ID)!;
    store.items.set(ID, { ...record, deliveries: { ...record.deliveries, 'webhook:prod': { state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'x' } } });
    await sendAgain(deps, ID, 'webhook:prod', 0);
    expect(await refusal(sendAgain(deps, ID, 'webhook:prod', 0))).toBe('conflicting');
    expect(posts.map((p) => p.key)).toEqual([`${ID}:webhook:test`, `${ID}:webhook:prod`, `${ID}:webhook:test:1`, `${ID}:webhook:prod`]);
    // A press made on the screen as it is now goes through.
    await sendAgain(deps, ID, 'webhook:prod', 1);
    expect(store.items.get(ID)?.deliveries['webhook:prod']).toMatchObject({ state: 'sent', sentAgain: 2, round: 1 });
  });

  it('sends a delivered target again in a new round (a new idempotency key), a failed one in its own round', async () => {
    const { deps, store, posts } = setup();
    await acceptIdea(deps, ID, idea);
    await sendAgain(deps, ID, 'webhook:test');
    expect(store.items.get(ID)?.deliveries['webhook:test']).toMatchObject({ state: 'sent', round: 1, attempts: 1 });
    const record = store.items.get(ID)!;
    store.items.set(ID, { ...record, deliveries: { ...record.deliveries, 'webhook:prod': { state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'x' } } });
    await sendAgain(deps, ID, 'webhook:prod');
    expect(posts.map((p) => p.key)).toEqual([`${ID}:webhook:test`, `${ID}:webhook:prod`, `${ID}:webhook:test:1`, `${ID}:webhook:prod`]);
  });

  it('refuses while a worker holds the record, a first attempt about to run, an unknown submission or delivery', async () => {
    const { deps, store } = setup();
    const fresh = newSubmission({ id: ID, kind: 'idea', data: idea, files: [], targets: ['mail'], now: deps.clock.now() });
    await store.create(fresh);
    expect(canSendAgain(fresh, 'mail', fresh.deliveries.mail, deps.clock.now())).toBe(false);
    expect(await refusal(sendAgain(deps, ID, 'mail'))).toBe('conflicting');
    expect(await refusal(sendAgain(deps, '00000000-0000-4000-8000-000000000000', 'mail'))).toBe('not-found');
    expect(await refusal(sendAgain(deps, ID, 'confirmation'))).toBe('not-found');
  });

  it('sends a submission to a webhook it never went to (the staff webhook helper)', async () => {
    const { deps, store, posts } = setup();
    const { acceptDemoRequest } = await import('../../../../../lambdas/domain/submissions/kinds/demo-request');
    const { demoRequestSchema } = await import('@shared/contract/schemas/demo-request');
    await acceptDemoRequest(
      deps,
      ID,
      demoRequestSchema.parse({ name: 'Ann Lee', email: 'ann@example.com', phone: '+1 555 123 4567', company: 'Acme', jobTitle: 'CTO', teamSize: '1-10', interests: ['sdr'], message: 'We want an SDR agent.', preferredTime: 'morning', consent: true }),
    );
    await sendAgain(deps, ID, 'webhook:test');
    expect(posts).toEqual([{ type: 'test', key: `${ID}:webhook:test` }]);
    expect(store.items.get(ID)?.deliveries['webhook:test']).toMatchObject({ state: 'sent', response: '{"ok":true}' });
  });
});
