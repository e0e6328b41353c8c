/** On the server (the Lambdas) the project's zod keeps its compiled fast path: jitless is a browser setting only. */
import { describe, expect, it } from 'vitest';
import * as z from '@shared/contract/schemas/zod';

describe('zod on the server', () => {
  it('is not jitless', () => {
    expect(z.config().jitless).not.toBe(true);
  });
});
