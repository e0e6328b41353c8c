/**
 * The submission id a client chose for one submission attempt (the `idempotency-key` header): kept across
 * retries of the same form submission, so a double click or a network retry stores one submission and answers
 * the same id. A missing key gets a fresh id (the request then simply is not retry-safe); a malformed one is
 * refused, because it is also the record's key and an object-key prefix.
 */
import { RejectedInput } from '../domain/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';

export function submissionIdFrom(header: string | undefined, generate: () => string): string {
  if (header === undefined || header.trim() === '') return generate();
  const key = header.trim();
  if (!UUID.test(key)) throw new RejectedInput('The idempotency key must be a UUID.', IDEMPOTENCY_KEY_FIELD);
  return key.toLowerCase();
}
