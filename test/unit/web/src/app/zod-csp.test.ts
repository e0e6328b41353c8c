/** main.tsx turns off zod's `new Function` probe without importing zod; zod must still honour that switch. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { disableZodEval } from '../../../../../web/src/app/zod-csp';

describe('disableZodEval', () => {
  const spy = vi.spyOn(globalThis, 'Function');
  afterAll(() => spy.mockRestore());

  it('makes zod jitless, so object parsing never calls the Function constructor', async () => {
    disableZodEval();
    // The project's zod (zod/mini with its English messages), as the forms use it.
    const z = await import('@shared/contract/schemas/zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().check(z.minLength(2)), email: z.email() });
    expect(schema.parse({ name: 'Ada', email: 'ada@example.com' })).toEqual({ name: 'Ada', email: 'ada@example.com' });
    expect(spy).not.toHaveBeenCalled();
  });
});
