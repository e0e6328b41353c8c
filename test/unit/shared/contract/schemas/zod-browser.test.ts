/** @vitest-environment happy-dom */
/**
 * In the browser the project's zod never calls `new Function` (the site's CSP forbids it, and the browser would
 * report zod's probe as a violation); set by the wrapper every web schema imports, before any schema exists.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  const spy = vi.spyOn(globalThis, 'Function');
  afterAll(() => spy.mockRestore());

  it('is jitless, so object parsing never calls the Function constructor', async () => {
    const z = await import('@shared/contract/schemas/zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().check(z.minLength(2)), email: z.email() });
    expect(schema.parse({ name: 'Ada', email: 'ada@example.com' })).toEqual({ name: 'Ada', email: 'ada@example.com' });
    expect(spy).not.toHaveBeenCalled();
  });
});
