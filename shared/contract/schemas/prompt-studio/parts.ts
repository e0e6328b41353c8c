/** Building blocks the three apps' answer schemas share: texts that may be left empty, short lists, the hand-over. */
import { studioLabels as L } from '../../../content/prompt-studio/questions';
import * as z from '../zod';
import { multiLineText, oneLineText } from '../fields';

/** A one-line answer that must be given. */
export const requiredLine = (label: string, max: number, message: string) => oneLineText(label, { min: 1, max, message });
/** A multi-line answer that must be given. */
export const requiredText = (label: string, max: number, message: string) => multiLineText(label, { min: 1, max, message });
/** An answer that may be left empty: then the prompt leaves its line out. */
export const optionalLine = (label: string, max: number) => oneLineText(label, { max });
export const optionalText = (label: string, max: number) => multiLineText(label, { max });

/** A list of one-line entries (empty entries are allowed and left out of the prompt), at most `max` of them. */
export const lineList = (label: string, maxItems: number, maxLength: number) =>
  z.array(optionalLine(label, maxLength)).check(z.maxLength(maxItems, `Please keep ${label.toLowerCase()} to at most ${maxItems} entries.`));

/** The same, with at least one entry that is not empty. */
export const requiredLineList = (label: string, maxItems: number, maxLength: number, message: string) =>
  lineList(label, maxItems, maxLength).check(z.refine((list) => list.some((v) => v.trim() !== ''), message));

/** Who takes over from the agent, through which channel, and when. */
export const handoverSchema = z.object({
  who: requiredLine(L.handoverWho, 200, 'Please say who takes over from the agent.'),
  channel: requiredLine(L.handoverChannel, 200, 'Please say how they take over (phone, e-mail, chat).'),
  hours: optionalLine(L.handoverHours, 200),
});
export type HandoverAnswers = z.infer<typeof handoverSchema>;

export const LANGUAGES_MAX = 10;
export const languagesSchema = requiredLineList(L.languages, LANGUAGES_MAX, 40, 'Please name at least one language.');

/** Whether a text answer was given (an empty or blank one is left out). */
export const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
