/**
 * The AI Customer Support Bot's customization form (issue 40): the product, its frequent questions with their
 * answers, the policies the bot quotes, the tools it may use and the escalation, then languages, tone and style.
 */
import { studioLabels as L } from '../../../content/prompt-studio/questions';
import * as z from '../zod';
import { handoverSchema, languagesSchema, optionalLine, optionalText, requiredLine, requiredText } from './parts';
import { defaultTone, toneSchema } from './tone';

export const SUPPORT_APP_ID = 'ai-customer-support';

export const SUPPORT_LIMITS = { faqs: 25, tools: 10 } as const;

const faqSchema = z.object({
  question: optionalLine(L.faqQuestion, 300),
  answer: optionalText(L.faqAnswer, 1000),
});

const toolSchema = z.object({
  name: optionalLine(L.toolName, 100),
  use: optionalLine(L.toolUse, 300),
});

export const supportAnswersSchema = z.object({
  appId: z.literal(SUPPORT_APP_ID),
  product: z.object({
    name: requiredLine(L.product, 100, 'Please name the product or service the bot supports.'),
    about: requiredText(L.productAbout, 1000, 'Please say what it does and for whom.'),
  }),
  faqs: z
    .array(faqSchema)
    .check(
      z.maxLength(SUPPORT_LIMITS.faqs, `Please list at most ${SUPPORT_LIMITS.faqs} questions.`),
      z.refine((list) => list.some((f) => f.question !== '' && f.answer !== ''), 'Please give at least one question with its answer.'),
      z.refine((list) => list.every((f) => (f.question === '') === (f.answer === '')), 'Every question needs its answer, and every answer its question.'),
    ),
  policies: optionalText(L.supportPolicies, 3000),
  tools: z.array(toolSchema).check(z.maxLength(SUPPORT_LIMITS.tools, `Please list at most ${SUPPORT_LIMITS.tools} tools.`)),
  escalation: handoverSchema,
  languages: languagesSchema,
  tone: toneSchema,
});

export type SupportAnswers = z.infer<typeof supportAnswersSchema>;

export function emptySupportAnswers(): SupportAnswers {
  return {
    appId: SUPPORT_APP_ID,
    product: { name: '', about: '' },
    faqs: [{ question: '', answer: '' }],
    policies: '',
    tools: [],
    escalation: { who: '', channel: '', hours: '' },
    languages: ['English'],
    tone: defaultTone,
  };
}
