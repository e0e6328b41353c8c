/**
 * The shape of every API error answer, shared by the Lambda HTTP layer and the web's API client.
 * `fieldErrors` carries the zod messages per form field (the same texts the form shows).
 */
export interface ApiErrorBody {
  readonly message: string;
  readonly fieldErrors?: Record<string, string[]>;
}

/** Header carrying the client-generated id that makes a retried submission store once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The field an error about that id names in `fieldErrors`. */
export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';

/** Headers on the calls an idea's delivery makes to the automation webhooks. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature';
export const WEBHOOK_IDEMPOTENCY_HEADER = 'idempotency-key';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-signature-timestamp';
