/**
 * The AI Content Generator's customization form (issue 40): the brand, its audience and channels, its voice, the
 * words to avoid and a sample of the brand's own writing, then tone and style.
 */
import { contentChannels, studioLabels as L } from '../../../content/prompt-studio/questions';
import * as z from '../zod';
import { lineList, optionalText, requiredLine, requiredText } from './parts';
import { defaultTone, toneSchema } from './tone';

export const CONTENT_APP_ID = 'ai-content-generator';

const channelIds = contentChannels.map((c) => c.id) as unknown as ['blog', 'social', 'newsletter', 'product', 'ads'];

export const contentAnswersSchema = z.object({
  appId: z.literal(CONTENT_APP_ID),
  brand: z.object({
    name: requiredLine(L.brand, 100, 'Please enter the brand name.'),
    about: optionalText(L.brandAbout, 1000),
  }),
  audience: requiredText(L.audience, 1000, 'Please describe who the brand writes for.'),
  channels: z
    .array(z.enum(channelIds, { message: 'Please choose channels from the list.' }))
    .check(
      z.minLength(1, 'Please choose at least one channel.'),
      z.maxLength(channelIds.length, 'Please choose each channel once.'),
      z.refine((list) => new Set(list).size === list.length, 'Please choose each channel once.'),
    ),
  voice: requiredText(L.voice, 1000, 'Please describe the brand voice.'),
  avoidWords: lineList(L.avoidWords, 50, 60),
  writingSample: optionalText(L.writingSample, 5000),
  tone: toneSchema,
});

export type ContentAnswers = z.infer<typeof contentAnswersSchema>;

export function emptyContentAnswers(): ContentAnswers {
  return {
    appId: CONTENT_APP_ID,
    brand: { name: '', about: '' },
    audience: '',
    channels: ['blog', 'social'],
    voice: '',
    avoidWords: [],
    writingSample: '',
    tone: defaultTone,
  };
}
