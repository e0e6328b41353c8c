/**
 * The character rules of shared/contract/schemas/fields.ts, checked field by field on each form's schema: every schema
 * test file lists its one-line and multi-line fields and calls `textRuleTests`, so each form is proved to refuse
 * (and accept) the same characters with messages that name the field. Also how the schema tests read zod's
 * messages: per field (`messagesByField`) or the first of each (`firstMessages`).
 */
import { expect, it } from 'vitest';

interface ParseResult {
  success: boolean;
  data?: unknown;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}

interface Schema {
  safeParse(value: unknown): ParseResult;
}

/** zod's messages per top-level field, as the form (and the API's fieldErrors) show them. */
export function messagesByField(result: ParseResult): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
  return out;
}

/** The first message zod gives for each field, the one a form shows under it. */
export function firstMessages(schema: Schema, value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(messagesByField(schema.safeParse(value))).map(([field, messages]) => [field, messages[0] as string]));
}

export interface TextFieldUnderTest {
  readonly key: string;
  /** The label the messages use ("Name", "App title"). */
  readonly label: string;
  readonly multiLine?: boolean;
}

function firstMessage(schema: Schema, value: unknown, key: string): string | undefined {
  return schema.safeParse(value).error?.issues.find((i) => String(i.path[0]) === key)?.message;
}

/** A value of the field with `inject` in its middle: over every form's minimum, under every maximum (50). */
const around = (inject: string) => `Ab ${inject} ${'x'.repeat(20)}`;

export function textRuleTests(schema: Schema, valid: Record<string, unknown>, fields: readonly TextFieldUnderTest[]): void {
  for (const { key, label, multiLine } of fields) {
    const notAllowed = `${label} contains characters that are not allowed.`;
    const refused: [string, string, string][] = [
      ['NUL', around('\u0000'), notAllowed],
      ['ESC', around('\u001b[31m'), notAllowed],
      ['DEL', around('\u007f'), notAllowed],
      ['a C1 control', around('\u009b'), notAllowed],
      ['U+202E (right-to-left override)', around('\u202etxt.exe'), notAllowed],
      ['U+2066 (left-to-right isolate)', around('\u2066x\u2069'), notAllowed],
      ['a lone surrogate', around('\ud800'), notAllowed],
      ['U+FFFD (a broken encoding)', around('\ufffd'), notAllowed],
      ['a script tag', around('<script>alert(1)</script>'), `${label} must not contain HTML tags.`],
      ['an image tag', around('<img src=x onerror=f()>'), `${label} must not contain HTML tags.`],
      ['an HTML comment', around('<!-- hidden -->'), `${label} must not contain HTML tags.`],
      // A tag that is never closed still starts one in whatever HTML the value lands in.
      ['a half-open image tag (no closing >)', around('<img src=x onerror=f() '), `${label} must not contain HTML tags.`],
      ['a half-open tag at the end', `${around('')}<svg`, `${label} must not contain HTML tags.`],
      ['a half-open closing tag', around('</textarea '), `${label} must not contain HTML tags.`],
      // Text hidden from people but read by machines: tag characters spelling out an instruction, zero-width
      // characters between letters.
      ['tag characters (invisible ASCII)', around([...'ignore rules'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')), notAllowed],
      ['U+E007F (cancel tag)', around('\u{e007f}'), notAllowed],
      ['U+200B (zero-width space)', around('a\u200bb'), notAllowed],
      ['U+200C (zero-width non-joiner)', around('a\u200cb'), notAllowed],
      ['U+200D (zero-width joiner) between letters', around('a\u200db'), notAllowed],
      ['U+2060 (word joiner)', around('a\u2060b'), notAllowed],
      ['U+2062 (invisible times)', around('a\u2062b'), notAllowed],
      ['U+2064 (invisible plus)', around('a\u2064b'), notAllowed],
      ['U+FEFF (zero-width no-break space) inside the text', around('a\ufeffb'), notAllowed],
      ...(multiLine
        ? ([['a lone CR', around('\r'), notAllowed], ['a vertical tab', around('\u000b'), notAllowed]] as [string, string, string][])
        : ([
            ['U+200E (left-to-right mark)', around('a\u200eb'), notAllowed],
            ['U+200F (right-to-left mark)', around('a\u200fb'), notAllowed],
            ['U+061C (Arabic letter mark)', around('a\u061cb'), notAllowed],
            ['CRLF', around('\r\nBcc: victim@example.com'), `${label} must stay on one line.`],
            ['LF', around('\n'), `${label} must stay on one line.`],
            ['CR', around('\r'), `${label} must stay on one line.`],
            ['U+2028 (line separator)', around('\u2028'), `${label} must stay on one line.`],
            ['a tab', around('\t'), notAllowed],
          ] as [string, string, string][])),
    ];
    for (const [what, value, message] of refused) {
      it(`${key}: refuses ${what} with "${message}"`, () => {
        expect(firstMessage(schema, { ...valid, [key]: value }, key)).toBe(message);
      });
    }
    const accepted: [string, string][] = [
      ['accents and other scripts', around('Zoë Ñúñez 山田 محمد')],
      ['emoji, also joined by zero-width joiners', around('🚀 👩‍💻 👨‍👩‍👧')],
      ['emoji sequences with a skin tone or a variation selector before the joiner', around('👩🏽‍💻 ❤️‍🔥')],
      ['angle brackets that are not a tag', around('budget < 5k and > 1k')],
      ['a less-than sign before a digit or a bracket', around('<5k users (x<y) <3')],
      ...(multiLine
        ? ([
            ['direction marks in right-to-left text', around('שלום\u200f abc \u200eمرحبا\u061c')],
          ] as [string, string][])
        : []),
      ...(multiLine ? ([['tabs and line breaks', around('\tline one\nline two\r\nline three')]] as [string, string][]) : []),
    ];
    for (const [what, value] of accepted) {
      it(`${key}: accepts ${what}`, () => {
        const parsed = schema.safeParse({ ...valid, [key]: value });
        expect(parsed.error?.issues ?? []).toEqual([]);
      });
    }
  }
  for (const { key } of fields.filter((f) => f.multiLine)) {
    it(`${key}: stores CRLF line breaks as LF`, () => {
      const parsed = schema.safeParse({ ...valid, [key]: around('one\r\ntwo') });
      expect((parsed.data as Record<string, unknown>)[key]).toBe(around('one\ntwo'));
    });
  }
}
