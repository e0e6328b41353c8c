/**
 * shared/contract/forms.ts holds what the forms render from without their validation code: its empty values must
 * name exactly the fields each schema validates (the honeypot apart: it is sent, never shown), since the forms take
 * their field names from them (a 400 about one of these is shown at the field), and it must stay free of zod.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD, emptyContactForm, emptyDemoForm, emptyIdeaForm } from '@shared/contract/forms';
import { contactMessageSchema } from '@shared/contract/schemas/contact-message';
import { demoRequestFieldsSchema } from '@shared/contract/schemas/demo-request';
import { ideaFieldsSchema } from '@shared/contract/schemas/idea';

const withoutHoneypot = (shape: object) => Object.keys(shape).filter((name) => name !== HONEYPOT_FIELD).sort();

describe('the forms without their validation', () => {
  it.each([
    ['contact', emptyContactForm, contactMessageSchema.shape],
    ['demo request', emptyDemoForm, demoRequestFieldsSchema.shape],
    ['idea', emptyIdeaForm, ideaFieldsSchema.shape],
  ])('the %s form starts with every field its schema validates, and no other', (_form, empty, shape) => {
    expect(Object.keys(empty).sort()).toEqual(withoutHoneypot(shape));
    expect(Object.keys(shape)).toContain(HONEYPOT_FIELD);
  });

  it.each(['shared/contract/forms.ts', 'shared/contract/upload-rules.ts'])('%s imports no code (types only), so no zod', (file) => {
    const imports = readFileSync(new URL(`../../../../${file}`, import.meta.url), 'utf8').match(/^import .*$/gm) ?? [];
    expect(imports.filter((line) => !line.startsWith('import type '))).toEqual([]);
  });
});
