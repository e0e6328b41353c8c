/**
 * A person's erasure finishes or says it did not: when a step fails (a store that left part of a batch undone
 * rejects), the erasure answers `unavailable` with a message to erase again, and its audit entry says it is
 * incomplete and what was erased before the failure, never that everything was. Erasing again deletes the rest.
 * Their purchases (paid with the address, or in their account) are found and, being bookkeeping records,
 * pseudonymised rather than deleted, and the audit entry says so. So are those purchases' sale notices, stored by
 * the Stripe webhook's own rules on the same in-memory table: kept without the address, so that a replayed event
 * finds them stored, sends nothing and writes no address back.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../../lambdas/domain/errors';
import type { PersonDeps } from '../../../../../lambdas/domain/leads/deps';
import { erasePerson, erasureIncompleteMessage, exportPerson, findPerson, stripeCopies } from '../../../../../lambdas/domain/leads/person';
import { replayErasure } from '../../../../../lambdas/domain/leads/erasure-replay';
import type { Purchase } from '../../../../../lambdas/domain/purchases/record';
import type { ErasureEntry, PersonPurchases } from '../../../../../lambdas/domain/leads/ports';
import type { StudioRecords } from '../../../../../lambdas/domain/prompt-studio/ports';
import { handleStripeEvent, type PurchaseDeps, type StripeEventLike } from '../../../../../lambdas/domain/purchases/stripe-events';
import { deliverHandedOff } from '../../../../../lambdas/domain/submissions/engine';
import { engineSaleNotices } from '../../../../../lambdas/domain/submissions/kinds/sale-notice';
import { newSubmission } from '../../../../../lambdas/domain/submissions/record';
import { memoryLeadStore } from '../../../../helpers/memory-lead-store';
import { memoryPurchaseStore, stripeKnowing } from '../../../../helpers/memory-purchase-store';
import { memoryStudioStore } from '../../../../helpers/memory-studio-store';
import { memorySubmissionDeps } from '../../../../helpers/memory-submission-store';
import { paidCheckout } from '../../../../helpers/purchases';
import { completed, invoiceEvent, paidSession, subscriptionDeleted } from '../../../../helpers/stripe-objects';

const now = new Date('2026-11-22T12:00:00.000Z');
const email = 'pat@example.com';

function lead(i: number) {
  return newSubmission({
    id: randomUUID(),
    kind: 'contactMessage',
    data: {},
    files: [],
    targets: ['mail'],
    now: new Date(now.getTime() - (i + 1) * 60_000),
    lead: { name: 'Pat', email, organisation: 'Org', text: `message ${i}` },
    retentionDays: 30,
  });
}

function purchase(sessionId: string, customerEmail: string | null, extra: Partial<Purchase> = {}): Purchase {
  return { ...paidCheckout(sessionId, ''), customerEmail, createdAt: '2026-11-20T10:00:00.000Z', status: 'paid', ...extra };
}

/**
 * A person's deps in memory; the confirmation claims fail `claimFailures` times (as a throttled batch would).
 * `store` and `purchases` replace the two leads and three purchases it holds otherwise; `exported` is what an
 * export wrote.
 */
function people(opts: { claimFailures: number; account?: boolean; store?: ReturnType<typeof memoryLeadStore>; purchases?: PersonPurchases; promptStudios?: StudioRecords }) {
  const store = opts.store ?? memoryLeadStore([lead(0), lead(1)]);
  const exported: string[] = [];
  const purchases = new Map(
    [purchase('cs_paid_with_address', 'Pat@Example.com', { createdAt: '2026-11-21T10:00:00.000Z' }), purchase('cs_in_account', 'pat.other@example.com', { userId: 'pat-sub' }), purchase('cs_someone_else', 'sam@example.com')].map((p) => [p.sessionId, p]),
  );
  const account = { id: 'pat-sub', username: 'pat-sub', email, confirmed: true };
  const audit: ErasureEntry[] = [];
  const claims = new Set<string>(['left-over']);
  let failures = opts.claimFailures;
  const deps: PersonDeps = {
    bookings: { get: async () => undefined, erase: async () => undefined },
    store,
    submissionRecords: store,
    plans: {},
    files: {
      read: async () => new Uint8Array(),
      list: async () => [],
      remove: async (keys) => keys.length,
      downloadLink: async () => 'https://files.example/x',
      create: async () => ({ write: async (chunk) => void exported.push(String(chunk)), finish: async () => 0, abort: async () => undefined }),
    },
    accounts: {
      findByEmail: async () => (opts.account ? account : undefined),
      emailOf: async () => 'staff@example.com',
      signOutEverywhere: async () => undefined,
      remove: async () => undefined,
    },
    mailTo: [],
    clock: { now: () => now },
    newId: randomUUID,
    profiles: { get: async () => undefined, remove: async () => undefined },
    audit: { record: async (entry) => void audit.push(entry) },
    confirmationClaims: {
      remove: async () => {
        if (failures-- > 0) throw new Error('BatchWriteItem left 1 of 3 writes unprocessed');
        claims.clear();
      },
    },
    uploadRecords: { remove: async () => undefined },
    promptStudios: opts.promptStudios ?? { everything: async () => undefined, remove: async () => 0 },
    purchases: opts.purchases ?? {
      listByEmail: async (address) => [...purchases.values()].filter((p) => p.customerEmail?.toLowerCase() === address.toLowerCase()),
      listByUser: async (userId) => [...purchases.values()].filter((p) => p.userId === userId),
      pseudonymise: async (sessionId, at) => {
        const p = purchases.get(sessionId);
        if (p) purchases.set(sessionId, { ...p, customerEmail: null, erasedAt: at.toISOString() });
      },
    },
  };
  return { deps, store, audit, claims, purchases, exported };
}

describe('erasePerson', () => {
  it('answers that the erasure did not finish, and audits it as incomplete, when a deletion fails', async () => {
    const { deps, store, audit, claims } = people({ claimFailures: 1 });
    const failed = await erasePerson(deps, email, 'staff-sub').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DomainError);
    expect(failed).toMatchObject({ kind: 'unavailable', message: erasureIncompleteMessage });
    expect(claims.size).toBe(1);
    // The submissions were deleted before the failure: the trail says so, and that the erasure is not complete.
    expect(store.items.size).toBe(0);
    expect(audit).toEqual([expect.objectContaining({ action: 'erasure', outcome: 'incomplete', counts: expect.objectContaining({ submissions: 2, confirmationClaims: 0 }) })]);

    // Erasing again deletes the rest and is complete.
    const answer = await erasePerson(deps, email, 'staff-sub');
    expect(claims.size).toBe(0);
    expect(audit.at(-1)).toMatchObject({ id: answer.erasureId, outcome: 'complete', counts: { submissions: 0 } });
  });

  it("signs the person's account out everywhere before anything of theirs is touched", async () => {
    const { deps } = people({ claimFailures: 0, account: true });
    const calls: string[] = [];
    const logged = <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) => async (...args: A) => {
      calls.push(name);
      return fn(...args);
    };
    const watched: PersonDeps = {
      ...deps,
      accounts: { ...deps.accounts, signOutEverywhere: logged('sign out everywhere', deps.accounts.signOutEverywhere), remove: logged('delete account', deps.accounts.remove) },
      bookings: { ...deps.bookings, erase: logged('erase booking', deps.bookings.erase) },
      files: { ...deps.files, remove: logged('delete files', deps.files.remove) },
      submissionRecords: { ...deps.submissionRecords, remove: logged('delete submission', deps.submissionRecords.remove.bind(deps.submissionRecords)) },
      profiles: { ...deps.profiles, remove: logged('delete profile', deps.profiles.remove) },
    };
    await erasePerson(watched, email, 'staff-sub');
    expect(calls[0]).toBe('sign out everywhere');
    expect(calls.filter((c) => c === 'sign out everywhere')).toHaveLength(1);
    expect(calls).toContain('delete account');
  });

  it('audits a complete erasure once, with what it erased', async () => {
    const { deps, audit } = people({ claimFailures: 0 });
    const answer = await erasePerson(deps, email, 'staff-sub');
    expect(answer.erased).toMatchObject({ submissions: 2 });
    expect(audit).toEqual([expect.objectContaining({ id: answer.erasureId, outcome: 'complete', by: 'staff@example.com', counts: expect.objectContaining({ submissions: 2, confirmationClaims: 2 }) })]);
  });
});

describe('an erasure replayed after a point-in-time restore', () => {
  it('erases again, from the audit entry alone, the rows a restore brought back', async () => {
    const { deps, store, audit, purchases } = people({ claimFailures: 0, account: true });
    const profiles = new Map([['pat-sub', { username: 'pat', created_at: '2026-01-01T00:00:00.000Z' }]]);
    const withProfiles = { ...deps, profiles: { get: async (id: string) => profiles.get(id), remove: async (id: string) => void profiles.delete(id) } };
    const before = { submissions: new Map(store.items), purchases: new Map(purchases) };
    await erasePerson(withProfiles, email, 'staff-sub');
    const [entry] = audit;
    expect(entry).toMatchObject({ accountId: 'pat-sub' });
    expect([...entry!.submissionIds].sort()).toEqual([...before.submissions.keys()].sort());
    // The restore: every row as it was before the erasure.
    for (const [id, r] of before.submissions) store.items.set(id, r);
    for (const [id, p] of before.purchases) purchases.set(id, p);
    profiles.set('pat-sub', { username: 'pat', created_at: '2026-01-01T00:00:00.000Z' });

    expect(await replayErasure(withProfiles, entry!)).toMatchObject({ submissions: 2, purchases: 2, profile: true });
    expect(store.items.size).toBe(0);
    expect(profiles.size).toBe(0);
    for (const id of entry!.purchaseSessionIds) expect(purchases.get(id)).toMatchObject({ customerEmail: null, erasedAt: now.toISOString() });
    expect(JSON.stringify(entry).toLowerCase()).not.toMatch(/pat@|pat\.other@/);
  });
});

describe("a person's purchases", () => {
  it('are found by the address they were paid with and by the account, newest first', async () => {
    const { deps } = people({ claimFailures: 0, account: true });
    const found = await findPerson(deps, email);
    expect(found.purchases.map((p) => [p.sessionId, p.appName, p.amountTotal])).toEqual([
      ['cs_paid_with_address', 'AI Customer Support Bot', 4999],
      ['cs_in_account', 'AI Customer Support Bot', 4999],
    ]);
  });

  it('are kept on erasure with the e-mail removed, and the audit entry says they were pseudonymised', async () => {
    const { deps, audit, purchases } = people({ claimFailures: 0, account: true });
    const answer = await erasePerson(deps, email, 'staff-sub');
    expect(answer.erased.purchasesPseudonymised).toBe(2);
    expect(answer.elsewhere).toContain(stripeCopies);
    for (const id of ['cs_paid_with_address', 'cs_in_account']) {
      expect(purchases.get(id)).toMatchObject({ customerEmail: null, erasedAt: now.toISOString(), amountTotal: 4999, appId: 'ai-customer-support', status: 'paid' });
    }
    expect(purchases.get('cs_someone_else')?.customerEmail).toBe('sam@example.com');
    expect(audit).toEqual([
      expect.objectContaining({ outcome: 'complete', purchaseSessionIds: ['cs_paid_with_address', 'cs_in_account'], counts: expect.objectContaining({ purchasesPseudonymised: 2 }) }),
    ]);
    expect(JSON.stringify(audit).toLowerCase()).not.toMatch(/pat@|pat\.other@/);
  });
});

describe("a person's sale notices", () => {
  const pat = { app: paidSession({ email: 'Pat@Example.com' }), agents: paidSession({ subscription: true, email }) };
  const sam = paidSession({ email: 'sam@example.com' });
  const failedInvoice = 'in_failed_renewal';
  // Pat's sale, the subscription's sale, a failed renewal and the cancellation; and someone else's sale.
  const events: StripeEventLike[] = [completed(pat.app), completed(pat.agents), invoiceEvent('invoice.payment_failed', pat.agents, 200, failedInvoice), subscriptionDeleted(pat.agents, 300), completed(sam)];
  const patsNotices = [`sale-${pat.app.id}`, `sale-${pat.agents.id}`, `renewal-failed-${failedInvoice}`, `cancellation-${pat.agents.subscription}`];

  /** The Stripe webhook's rules and a person's erasure on one submissions table and one purchases table, in memory. */
  async function shop(opts: { noticeFailures?: number } = {}) {
    const engine = memorySubmissionDeps({ handOff: 'recorded' });
    const purchases = memoryPurchaseStore();
    const webhook: PurchaseDeps = { store: purchases, stripe: stripeKnowing([pat.app, pat.agents, sam]), notices: engineSaleNotices(engine.deps), clock: engine.deps.clock };
    const deliver = async () => {
      for (const event of events) {
        engine.advance(60);
        await handleStripeEvent(event, webhook);
      }
    };
    await deliver();
    const store = memoryLeadStore(engine.store.items);
    let failures = opts.noticeFailures ?? 0;
    const flaky = {
      ...store,
      pseudonymiseNotice: async (id: string, at: Date) => {
        if (failures-- > 0) throw new Error('UpdateItem throttled');
        return store.pseudonymiseNotice(id, at);
      },
    };
    const promptStudios = memoryStudioStore();
    const person = people({ claimFailures: 0, store: flaky as typeof store, purchases, promptStudios });
    // The delivery plans give the export each notice's fields, as its mail labels them.
    return { ...person, deps: { ...person.deps, plans: engine.deps.plans }, engine, notice: (id: string) => engine.store.items.get(id), deliver, promptStudios };
  }

  it("export the prompt studio of the person's purchases (answers and versions) and delete it on erasure", async () => {
    const { deps, exported, promptStudios } = await shop();
    await promptStudios.keepDraft(pat.app.id, 'ai-system-prompt-generator', { appId: 'ai-system-prompt-generator', business: { name: 'Pat’s Dental' } }, now);
    await promptStudios.addVersion(pat.app.id, 'ai-system-prompt-generator', { createdAt: now.toISOString(), source: 'edit', text: 'You are Pat’s assistant.', answers: { business: { name: 'Pat’s Dental' } } });
    await promptStudios.addVersion(sam.id, 'ai-system-prompt-generator', { createdAt: now.toISOString(), source: 'edit', text: 'Sam’s.' });
    await exportPerson(deps, email);
    const file = JSON.parse(exported.join('')) as { promptStudios: { sessionId: string; answersKept: unknown; versions: { text: string }[] }[] };
    expect(file.promptStudios).toEqual([expect.objectContaining({ sessionId: pat.app.id, answersKept: { appId: 'ai-system-prompt-generator', business: { name: 'Pat’s Dental' } }, versions: [expect.objectContaining({ number: 1, text: 'You are Pat’s assistant.' })] })]);
    const answer = await erasePerson(deps, email, 'staff-sub');
    expect(answer.erased.promptStudioItems).toBe(2);
    expect(await promptStudios.everything(pat.app.id)).toBeUndefined();
    expect(await promptStudios.everything(sam.id)).toMatchObject({ versions: [{ text: 'Sam’s.' }] });
  });

  it("are found through the person's purchases (the sale, the cancellation, each failed renewal), listed and exported", async () => {
    const { deps, exported } = await shop();
    const found = await findPerson(deps, email);
    expect(found.notices.map((n) => [n.id, n.event, n.appName])).toEqual([
      [`sale-${pat.app.id}`, 'sale', 'AI Agent System Prompt Generator'],
      [`sale-${pat.agents.id}`, 'sale', 'AI Agent Package'],
      [`renewal-failed-${failedInvoice}`, 'renewalFailed', 'AI Agent Package'],
      [`cancellation-${pat.agents.subscription}`, 'cancellation', 'AI Agent Package'],
    ]);
    await exportPerson(deps, email);
    const file = JSON.parse(exported.join('')) as { notices: { id: string; data: { customerEmail: string }; fields: { label: string; value: string }[] }[] };
    expect(file.notices.map((n) => [n.id, n.data.customerEmail])).toEqual(patsNotices.map((id) => [id, id === `sale-${pat.app.id}` ? 'Pat@Example.com' : email]));
    expect(file.notices[0]?.fields).toContainEqual({ label: 'Buyer e-mail', value: 'Pat@Example.com' });
  });

  it('are kept on erasure without the address, and counted; a replayed Stripe event then stores, mails and writes back nothing', async () => {
    const { deps, audit, engine, notice, deliver } = await shop();
    const handedOff = engine.handedOff.length;
    const answer = await erasePerson(deps, email, 'staff-sub');
    expect(answer.erased.noticesPseudonymised).toBe(4);
    for (const id of patsNotices) {
      expect(notice(id)).toMatchObject({ kind: 'saleNotice', erasedAt: now.toISOString(), data: { customerEmail: null, appName: expect.any(String) } });
    }
    expect(notice(`sale-${pat.app.id}`)?.data).toMatchObject({ customerEmail: null, amount: 4999, paymentIntentId: pat.app.payment_intent, appName: 'AI Agent System Prompt Generator' });
    expect(notice(`sale-${sam.id}`)?.data).toMatchObject({ customerEmail: 'sam@example.com' });
    expect(audit).toEqual([expect.objectContaining({ outcome: 'complete', counts: expect.objectContaining({ noticesPseudonymised: 4, purchasesPseudonymised: 2 }) })]);
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('pat@');

    const erased = structuredClone([...engine.store.items.values()]);
    await deliver();
    expect([...engine.store.items.values()]).toEqual(erased);
    expect(engine.handedOff).toHaveLength(handedOff);
    expect(JSON.stringify(erased).toLowerCase()).not.toContain('pat@');
    expect((await findPerson(deps, email)).notices).toEqual([]);
  });

  it('whose mail was still to be sent at the erasure are mailed without the address', async () => {
    const { deps, engine } = await shop();
    await erasePerson(deps, email, 'staff-sub');
    for (const ref of engine.handedOff) await deliverHandedOff(engine.deps, ref);
    const patsMails = engine.mails.filter((m) => patsNotices.some((id) => m.text.includes(`Notice id: ${id}`)));
    expect(patsMails).toHaveLength(4);
    for (const mail of patsMails) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`.toLowerCase()).not.toContain('pat@');
      expect(mail.replyTo).toBeUndefined();
    }
  });

  it('are found again by erasing the address again when the erasure stopped at one of them', async () => {
    const { deps, audit, notice } = await shop({ noticeFailures: 1 });
    await expect(erasePerson(deps, email, 'staff-sub')).rejects.toMatchObject({ message: erasureIncompleteMessage });
    expect(audit.at(-1)).toMatchObject({ outcome: 'incomplete', counts: { noticesPseudonymised: 0, purchasesPseudonymised: 0 } });
    const again = await erasePerson(deps, email, 'staff-sub');
    expect(again.erased).toMatchObject({ noticesPseudonymised: 4, purchasesPseudonymised: 2 });
    for (const id of patsNotices) expect(notice(id)?.data).toMatchObject({ customerEmail: null });
  });
});
