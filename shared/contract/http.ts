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

/** Headers on outgoing automation-webhook calls. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature';
export const WEBHOOK_IDEMPOTENCY_HEADER = 'idempotency-key';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-signature-timestamp';
