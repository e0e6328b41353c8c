/**
 * A visitor's mistake found by domain logic (after the schema passed), e.g. an upload that does not exist.
 * The HTTP layer answers it 400 with the message on `field`, like a schema error.
 */
export class RejectedInput extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'RejectedInput';
  }
}
