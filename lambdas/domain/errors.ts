/**
 * Expected failures of domain logic, each with a kind that says what went wrong in the caller's terms.
 * The HTTP layer (lambdas/lib/http.ts) maps a kind to a status in one place; domain code never names a status.
 */
export type DomainErrorKind =
  /** The request is wrong in a way the schema could not see (400). */
  | 'invalid'
  /** The caller may not have this (403). */
  | 'forbidden'
  /** The thing asked for does not exist, or no longer (404). */
  | 'not-found'
  /** The request is well-formed but contradicts an earlier one, e.g. an idempotency key reused for other input (422). */
  | 'conflicting'
  /** The caller asked for this too often; it may ask again later (429). */
  | 'rate-limited'
  /** A service this request depends on is not configured yet; the caller should retry later (503). */
  | 'unavailable'
  /** A service this request depends on failed (502). */
  | 'upstream-failed';

export class DomainError extends Error {
  /** The form field the message belongs on, when there is one. */
  readonly field: string | undefined;
  /** Messages for several fields at once (a form checked by domain rules), keyed as the form names its fields. */
  readonly fieldErrors: Readonly<Record<string, string[]>> | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    details: { readonly field?: string; readonly fieldErrors?: Readonly<Record<string, string[]>>; readonly cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.field = details.field;
    this.fieldErrors = details.fieldErrors;
    this.name = 'DomainError';
  }
}

/** A visitor's mistake found by domain logic (after the schema passed), e.g. an upload that does not exist. */
export class RejectedInput extends DomainError {
  constructor(message: string, field: string) {
    super('invalid', message, { field });
    this.name = 'RejectedInput';
  }
}
