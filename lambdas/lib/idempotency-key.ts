/**
 * The `idempotency-key` header: a UUID the client keeps across retries of one submission, so a double click or
 * a network retry does the work once. It is also the submission id (the record's key and an object-key
 * prefix), so a malformed one is refused. A missing key gets a fresh one (the call then is not retry-safe).
 */
import { IDEMPOTENCY_KEY_FIELD } from '@shared/contract/http';
import { RejectedInput } from '../domain/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function idempotencyKeyFrom(header: string | undefined, generate: () => string): string {
  const key = header?.trim() ?? '';
  if (key === '') return generate();
  if (UUID.test(key)) return key.toLowerCase();
  throw new RejectedInput('The idempotency key must be a UUID.', IDEMPOTENCY_KEY_FIELD);
}
