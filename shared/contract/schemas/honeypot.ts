/**
 * The honeypot of the demo, contact and idea forms: a text field named like one that bots fill in (`website`),
 * hidden from people and from assistive technology, so a person always sends it empty. Each form's schema
 * accepts it as an optional string with this one definition; a handler asks `isHoneypotFilled` on the body it
 * received and answers a filled one like a success without storing or sending anything.
 */
import * as z from './zod';
import { HONEYPOT_FIELD } from '../forms';

export { HONEYPOT_FIELD } from '../forms';

/**
 * Any string is accepted: a bound or a pattern here would answer a bot with a 400 and tell it what gave it away.
 * The size of the whole body is bounded by the API already.
 */
export const honeypotField = z.optional(z.string());

/** The shape the three form schemas spread into theirs. */
export const honeypotShape = { [HONEYPOT_FIELD]: honeypotField } as const;

/** Whether a submission (parsed or raw) carries a filled honeypot: sent by a bot, not by a person. */
export function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const value: unknown = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}
