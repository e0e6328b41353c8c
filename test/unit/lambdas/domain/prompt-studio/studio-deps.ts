/** A prompt studio on in-memory ports: a paid purchase of `appId`, its buyer's browser, a clock that moves on demand. */
import { newBrowserKey } from '../../../../../lambdas/domain/purchases/browser-binding';
import type { StudioDeps } from '../../../../../lambdas/domain/prompt-studio/studio';
import type { StudioWebhook } from '../../../../../lambdas/domain/prompt-studio/ports';
import { memoryNotices, memoryPurchaseStore } from '../../../../helpers/memory-purchase-store';
import { memoryStudioStore } from '../../../../helpers/memory-studio-store';
import { purchase } from '../../../../helpers/records';

export async function studioFor(appId: string, options: { webhook?: StudioWebhook; userId?: string } = {}) {
  let now = new Date('2026-11-29T10:00:00Z').getTime();
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  const purchases = memoryPurchaseStore();
  const sessionId = 'cs_test_studio_1';
  purchases.rows.set(sessionId, { ...purchase({ sessionId, appId }), ...(options.userId ? { userId: options.userId } : {}) });
  const studio = memoryStudioStore();
  const notices = memoryNotices();
  const deps: StudioDeps = { studio, purchases, webhook: options.webhook, notices, clock };
  const buyer = { browserKey: newBrowserKey() };
  return { deps, clock, buyer, sessionId, purchases, studio, notices };
}
