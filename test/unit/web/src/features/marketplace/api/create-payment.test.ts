/** @vitest-environment happy-dom */
/**
 * Error toasts that carry the server's message (spec 000_87e5fbf87b6c3f39.txt §8: Payment "error message from the function, or
 * 'Payment error'"), over the real callApi with a stubbed fetch. A function's message arrives as `message` (ours) or `error`; an answer without one, or no
 * answer at all, shows the screen's fallback text, never a status code.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buyNow } from '../../../../../../../web/src/features/marketplace/api/create-payment';
import { ApiError, callApi, toastMessage } from '../../../../../../../web/src/lib/api';
import { setConfig } from '../../../../../../../web/src/lib/config';
import { resetToasts, useToastStore } from '../../../../../../../web/src/lib/toast';
import { routes } from '@shared/contract/api';

type Answer = { status: number; body?: string } | 'network-error';
let answer: Answer = { status: 200, body: '{}' };

beforeEach(() => {
  resetToasts();
  setConfig({ stage: 'test', apiUrl: 'http://api.test', auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', authFlowType: 'USER_PASSWORD_AUTH' } });
  vi.stubGlobal('fetch', async () => {
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body ?? null, { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const lastToast = () => {
  const t = useToastStore.getState().toasts.at(-1);
  return t && { title: t.title, description: t.description, variant: t.variant };
};

/** The failing answers every error toast is checked against, with what the toast must say. */
const failures: { name: string; answer: Answer; says: (fallback: string) => string }[] = [
  { name: "a 500 whose body carries { error: 'x' }", answer: { status: 500, body: JSON.stringify({ error: 'Stripe is not reachable.' }) }, says: () => 'Stripe is not reachable.' },
  { name: "a 500 whose body carries { message: 'y' }", answer: { status: 500, body: JSON.stringify({ message: 'Payments are paused.' }) }, says: () => 'Payments are paused.' },
  { name: 'a 500 with no body', answer: { status: 500 }, says: (fallback) => fallback },
  { name: 'a 502 with a body that is not JSON', answer: { status: 502, body: '<html>Bad Gateway</html>' }, says: (fallback) => fallback },
  { name: 'a 500 with an empty message', answer: { status: 500, body: JSON.stringify({ message: ' ', error: '' }) }, says: (fallback) => fallback },
  { name: 'no answer (network failure)', answer: 'network-error', says: (fallback) => fallback },
];

describe.each(failures)('error toasts on $name', ({ answer: failing, says }) => {
  beforeEach(() => {
    answer = failing;
  });

  it("Buy Now: 'Error' with the function's message, else 'Payment error'", async () => {
    await buyNow({ type: 'marketplace', productId: 'ai-content-generator', appName: 'AI Content Generator' }, null);
    expect(lastToast()).toEqual({ title: 'Error', description: says('Payment error'), variant: 'destructive' });
  });

  it('the shared helper every other error toast uses: server message, else the fallback', async () => {
    const error = await callApi(routes.createPayment, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(toastMessage(error, 'Error loading profile')).toBe(says('Error loading profile'));
  });
});

describe('Buy Now without a checkout URL', () => {
  it("says 'Could not get Stripe checkout URL.'", async () => {
    answer = { status: 200, body: JSON.stringify({ fallback: false }) };
    await buyNow({ type: 'marketplace', productId: 'ai-content-generator', appName: 'AI Content Generator' }, null);
    expect(lastToast()).toEqual({ title: 'Error', description: 'Could not get Stripe checkout URL.', variant: 'destructive' });
  });
});
