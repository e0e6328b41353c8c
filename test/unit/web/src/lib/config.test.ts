/**
 * The runtime configuration: fetched once (a page starts the request when idle, without the schema's code), and
 * validated with the shared schema only when a feature asks for it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const valid = {
  stage: 'dev',
  apiUrl: '',
  auth: { region: 'us-east-1', userPoolId: 'us-east-1_x', userPoolClientId: 'client', authFlowType: 'USER_SRP_AUTH' },
};

function answering(body: unknown, status = 200) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('fetchConfig and loadConfig', () => {
  it('requests /config.json once, uncached, for the early fetch and the validated read alike', async () => {
    const fetchMock = answering(valid);
    const { fetchConfig } = await import('../../../../../web/src/lib/config-fetch');
    const { loadConfig } = await import('../../../../../web/src/lib/config');
    await fetchConfig();
    await expect(loadConfig()).resolves.toEqual(valid);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
  });

  it('refuses a configuration the schema does not accept, and an error answer', async () => {
    answering({ stage: 'dev' });
    const { loadConfig } = await import('../../../../../web/src/lib/config');
    await expect(loadConfig()).rejects.toThrow(/auth/);

    vi.resetModules();
    answering({}, 503);
    const fresh = await import('../../../../../web/src/lib/config');
    await expect(fresh.loadConfig()).rejects.toThrow('config.json answered 503');
  });
});
