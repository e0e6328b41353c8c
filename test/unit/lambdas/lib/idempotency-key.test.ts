/** The `idempotency-key` header: the submission id the browser makes per attempt. */
import { describe, expect, it } from 'vitest';
import { idempotencyKeyFrom } from '../../../../lambdas/lib/idempotency-key';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('the idempotency key', () => {
  it('takes a UUID idempotency key, generates one when absent, refuses anything else', () => {
    expect(idempotencyKeyFrom(ID.toUpperCase(), () => 'x')).toBe(ID);
    expect(idempotencyKeyFrom(undefined, () => 'generated')).toBe('generated');
    expect(() => idempotencyKeyFrom('../../etc', () => 'x')).toThrow('The idempotency key must be a UUID.');
  });

});
