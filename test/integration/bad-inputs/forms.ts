/**
 * The cases the three submission forms share beyond every JSON endpoint's: the idempotency key (the
 * submission's id), the uploaded files' keys, and every text field's character rules.
 */
import { randomUUID } from 'node:crypto';
import type { RouteDef } from '@shared/deployment/manifest';
import { apiMessages, textFieldCases, type BadCase, type TextFieldUnderTest } from './table';

export function idempotencyKeyCases(valid: object): BadCase[] {
  const refused = (name: string, key: string): BadCase => ({
    name: `an idempotency key that is ${name}`,
    body: valid,
    headers: { 'idempotency-key': key },
    status: 400,
    message: apiMessages.idempotencyKey,
    field: 'idempotencyKey',
    fieldMessage: apiMessages.idempotencyKey,
  });
  return [
    refused('a path', '../../etc/passwd'),
    refused('1,000 characters long', 'a'.repeat(1000)),
    refused('a UUID with more after it', `${randomUUID()}x`),
    refused('a UUID with a NUL escape in it', `${randomUUID().slice(0, 8)}%00${randomUUID().slice(8)}`),
  ];
}

export function uploadedFilesCases(valid: object): BadCase[] {
  const notUploaded = 'The file brief.pdf was not uploaded or has expired. Please attach it again.';
  const files = (value: unknown, name: string, fieldMessage?: string, message: string | undefined = apiMessages.fields): BadCase => ({
    name: `files: ${name}`,
    body: { ...valid, files: value },
    status: 400,
    message,
    field: 'files',
    fieldMessage,
  });
  return [
    files([`incoming/${randomUUID()}/brief.pdf`], 'a key that was never issued', notUploaded, notUploaded),
    files(['incoming/../../secrets.txt'], 'a path-traversal key', 'Unknown upload.'),
    files('brief.pdf', 'a string instead of a list'),
    files({ 0: 'incoming/x/a.pdf' }, 'an object instead of a list'),
  ];
}

/** The character, size and type cases of each text field of a form whose body is flat. */
export function flatTextFieldCases(
  route: RouteDef,
  valid: Record<string, unknown>,
  fields: readonly Omit<TextFieldUnderTest, 'set'>[],
): BadCase[] {
  return fields.flatMap((f) => textFieldCases(route, { ...f, set: (value) => ({ ...valid, [f.field]: value }) }));
}
