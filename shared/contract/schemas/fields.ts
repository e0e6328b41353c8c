/**
 * The character rules every form's text fields share, defined once: the demo request, the contact message, the
 * idea, the account forms' username, the checkout request. Each form's schema builds its text fields from
 * `oneLineText` / `multiLineText` and its phone from `phoneField`, so every form refuses the same characters
 * with the same kind of message, and the server refuses exactly what the form does.
 *
 * What is refused, and why (the spec has no such rules; they are ours):
 * - One-line fields (names, titles, subject, ids): every control character (C0, DEL, C1) and every line break
 *   (CR, LF, NEL, U+2028/9). A line break in a value that ends up in a mail header or a log line could start a
 *   header or a line of its own; NUL and ESC would reach the webhook consumers' systems and terminals.
 * - Multi-line fields (message, description, target users): the same, except tab and line feed. CRLF, which
 *   some clients send for a textarea's line breaks, is accepted and stored as LF (one convention in the mail and
 *   the webhook payload); a CR on its own is refused (it rewinds a terminal line and can hide text before it).
 * - Every text field: bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which can
 *   make a value display differently from what it says (a file name or a link that reads backwards); a lone
 *   surrogate (not text in any encoding; DynamoDB and the mail would refuse or mangle it); and U+FFFD, the
 *   replacement character a broken encoding leaves behind (the visitor should retype what got lost).
 * - Invisible characters, which hide text from the people reading a value while machines (an AI agent behind a
 *   webhook, a spreadsheet, a search) still read it: the tag characters U+E0000-U+E007F (invisible copies of
 *   ASCII: "ignore previous instructions" can ride along in a title unseen) and the zero-width characters
 *   U+200B-U+200D, U+2060-U+2064 and U+FEFF, refused in every field. One-line fields (names, titles, the
 *   username) also refuse the direction marks U+200E, U+200F and U+061C: a name needs none. Multi-line fields
 *   keep those marks, which right-to-left writing uses between words.
 * - Markup: a value that contains an HTML tag, comment or doctype, also one that is never closed
 *   (`<img src=x onerror=alert(1) ` without `>` still opens a tag in whatever HTML it lands in). The support
 *   mail escapes HTML, but the idea goes to automation webhooks as JSON whose consumers may put it into HTML
 *   unescaped: refusing tags at the door keeps every consumer safe. A lone `<` or `>` ("budget < 5k", "<3",
 *   "(x<y)") is still fine: only `<` directly followed by a tag name and a space, `/`, `>` or the end is refused.
 * Accepted on purpose: letters of every script, emoji, also joined into one by zero-width joiners (a joiner
 * between two emoji, "👨‍👩‍👧", is the one place U+200D is accepted: it joins pictures, it hides nothing), accents.
 * The three subdivision flags (England, Scotland, Wales) are spelled with tag characters and are refused with
 * them: a flag is not worth an invisible channel.
 */
import * as z from './zod';
import { sharedMessages } from './messages';

/** Messages for the characters a field refuses; each names the field, so the visitor knows which to fix. */
export const fieldMessages = {
  tooLong: sharedMessages.tooLong,
  oneLine: (label: string) => `${label} must stay on one line.`,
  notAllowed: (label: string) => `${label} contains characters that are not allowed.`,
  markup: (label: string) => `${label} must not contain HTML tags.`,
} as const;

/** The longest phone number we take (E.164 is 15 digits; room for separators and a prefix). */
export const PHONE_MAX_LENGTH = 30;

// Line breaks of every kind; a one-line value refuses all of them.
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
// Control characters (C0 except the line breaks above, DEL, C1), bidi embeddings/overrides/isolates, U+FFFD,
// zero-width characters, direction marks and tag characters.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const ONE_LINE_REFUSED = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufffd\u{e0000}-\u{e007f}]/u;
// The same for a multi-line value, which keeps tab and LF (and CRLF, normalised first) but refuses a lone CR,
// and keeps the direction marks (U+200E, U+200F, U+061C) that right-to-left text uses.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200d\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufffd\u{e0000}-\u{e007f}]/u;
// A zero-width joiner between two emoji (after an optional variation selector or skin tone): an emoji sequence.
// (No lookbehind: Safari before 16.4 cannot parse one, and this module ships to the browser with the forms.)
const EMOJI_JOINER = /(\p{Extended_Pictographic}(?:\ufe0f|\p{Emoji_Modifier})?)\u200d(?=\p{Extended_Pictographic})/gu;
// An HTML/XML tag, comment, doctype or processing instruction: `<script>`, `</b>`, `<img src=x>`, `<!-- -->`, and
// a tag left open (`<img src=x onerror=f() `, `<svg` at the end). Text like "budget < 5k and > 1k", "<3" or
// "(x<y)" stays allowed: a tag name must follow the `<` directly and end at a space, `/`, `>` or the end.
const MARKUP = /<\/?[a-z][a-z0-9-]*(?=[\s/>]|$)|<![a-z[-]|<\?[a-z]/i;
// Digits and the usual separators, an optional leading +.
const PHONE = /^\+?[0-9\s()./-]+$/;

export interface TextRules {
  /** Fewest characters after trimming (default 0). */
  readonly min?: number;
  readonly max: number;
  /** The message for a value over `max` (default: "Please keep this under {max} characters."). */
  readonly maxMessage?: string;
  /**
   * Only for values the server never passes on as they are (an upload's file name, which becomes a sanitised
   * object key): `<deck>` is then just characters. Default false.
   */
  readonly allowTags?: boolean;
  /** The message for a missing, wrong-typed or too short value (the spec's wording where it has one). */
  readonly message?: string;
}

/** A UTF-16 surrogate without its partner (what `String.prototype.isWellFormed` finds, ES2024). */
export function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

function text(label: string, rules: TextRules, refused: RegExp, extra: z.core.$ZodCheck<string>[]) {
  const message = rules.message ?? `Please enter ${label.toLowerCase()}.`;
  return z
    .string({ message })
    .check(
      z.trim(),
      ...extra,
      z.minLength(rules.min ?? 0, message),
      z.maxLength(rules.max, rules.maxMessage ?? fieldMessages.tooLong(rules.max)),
      z.refine((v) => !refused.test(v.replace(EMOJI_JOINER, '$1')) && !hasLoneSurrogate(v), fieldMessages.notAllowed(label)),
      z.refine((v) => rules.allowTags === true || !MARKUP.test(v), fieldMessages.markup(label)),
    );
}

/** A trimmed one-line text (a name, a title, a subject): no line breaks, no control characters, no markup. */
export const oneLineText = (label: string, rules: TextRules) =>
  text(label, rules, ONE_LINE_REFUSED, [z.refine((v: string) => !LINE_BREAK.test(v), fieldMessages.oneLine(label))]);

/** A trimmed multi-line text (a message, a description): tab and line breaks allowed, CRLF stored as LF. */
export const multiLineText = (label: string, rules: TextRules) =>
  text(label, rules, MULTI_LINE_REFUSED, [z.overwrite((v: string) => v.replace(/\r\n/g, '\n'))]);

/**
 * A phone number (spec 000_87e5fbf87b6c3f39.txt §5: "at least 10 characters"): digits and the usual separators only, at most
 * PHONE_MAX_LENGTH characters, every refusal with the form's one phone message.
 */
export const phoneField = (message: string) =>
  z
    .string({ message })
    .check(z.trim(), z.minLength(10, message), z.maxLength(PHONE_MAX_LENGTH, fieldMessages.tooLong(PHONE_MAX_LENGTH)), z.regex(PHONE, message));

/** A list of choices as a form shows them: the value sent, and the label the form and the mail show. */
export interface Choice<Value extends string> {
  readonly value: Value;
  readonly label: string;
}

/** The values of a list of choices, as the tuple `z.enum` takes. */
export const choiceValues = <Value extends string>(choices: readonly Choice<Value>[]) =>
  choices.map((c) => c.value) as [Value, ...Value[]];

/** The label of a value among the choices (the value itself if it is none of them). */
export const choiceLabel = <Value extends string>(choices: readonly Choice<Value>[], value: string): string =>
  choices.find((c) => c.value === value)?.label ?? value;
