/**
 * Tone and style, asked by every app's form (issue 40, "customizable tone and style"): a preset, free notes, the
 * reading level and the use of emoji. Each changes the prompt's tone section and its examples.
 */
import { emojiUses, readingLevels, studioLabels as L, tonePresets } from '../../../content/prompt-studio/questions';
import * as z from '../zod';
import { multiLineText } from '../fields';

const ids = <T extends readonly { id: string }[]>(list: T) => list.map((o) => o.id) as unknown as [T[number]['id'], ...T[number]['id'][]];

export const TONE_NOTES_MAX = 500;

export const toneSchema = z.object({
  preset: z.enum(ids(tonePresets), { message: 'Please choose a tone.' }),
  notes: multiLineText(L.toneNotes, { max: TONE_NOTES_MAX }),
  readingLevel: z.enum(ids(readingLevels), { message: 'Please choose a reading level.' }),
  emoji: z.enum(ids(emojiUses), { message: 'Please choose how many emoji to use.' }),
});
export type ToneAnswers = z.infer<typeof toneSchema>;

export const defaultTone: ToneAnswers = { preset: 'default', notes: '', readingLevel: 'standard', emoji: 'none' };
