/**
 * The first app's customization form (AI Agent System Prompt Generator, issue 40): the field, business type and
 * product (prefilled from the marketplace's selects, changeable), then the business's own facts. Shared by the form
 * (its resolver) and the prompt studio's API, so both refuse the same answers with the same messages.
 *
 * Required: the catalogue choices, the business's name, location and hours, at least one service or product, the
 * hand-over, a language, a channel, and the business type's required questions (questions.ts). Everything else may
 * be left empty, and is then left out of the prompt.
 */
import { businessTypes, fieldIds, findApp, type BusinessTypeId } from '../../../content/catalogue';
import { resolveCustomization } from '../../../content/customization';
import { agentChannels, businessQuestions, studioLabels as L } from '../../../content/prompt-studio/questions';
import * as z from '../zod';
import { multiLineText } from '../fields';
import { handoverSchema, languagesSchema, lineList, optionalLine, optionalText, requiredLine } from './parts';
import { defaultTone, toneSchema } from './tone';

export const AGENT_APP_ID = 'ai-system-prompt-generator';

export const AGENT_LIMITS = {
  offerings: 30,
  dos: 20,
  specific: 1000,
  policy: 1500,
} as const;

const WEBSITE = /^(https?:\/\/)?[^\s/@]+\.[^\s/@]+(\/\S*)?$/i;

const offeringSchema = z.object({
  name: optionalLine(L.offeringName, 120),
  price: optionalLine(L.offeringPrice, 60),
  details: optionalLine(L.offeringDetails, 300),
});
export type OfferingAnswers = z.infer<typeof offeringSchema>;

const specificsShape = Object.fromEntries(
  [...new Set(Object.values(businessQuestions).flatMap((qs) => qs.map((q) => q.id)))].map((id) => [id, z.optional(optionalText('This answer', AGENT_LIMITS.specific))]),
) as Record<string, z.ZodMiniOptional<ReturnType<typeof optionalText>>>;

const businessTypeIds = businessTypes.map((b) => b.id) as unknown as [BusinessTypeId, ...BusinessTypeId[]];
const channelIds = agentChannels.map((c) => c.id) as unknown as ['chat', 'email', 'sms', 'voice'];

export const agentAnswersSchema = z
  .object({
    appId: z.literal(AGENT_APP_ID),
    fieldId: z.enum(fieldIds, { message: 'Please choose a field from the list.' }),
    subcategoryId: z.enum(businessTypeIds, { message: 'Please choose a business type from the list.' }),
    /** Empty when the business type has no products. */
    productId: z.string({ message: 'Please choose a product from the list.' }).check(z.maxLength(100, 'Please choose a product from the list.')),
    business: z.object({
      name: requiredLine(L.businessName, 100, 'Please enter the name of the business.'),
      website: optionalLine(L.website, 200).check(z.refine((v) => v === '' || WEBSITE.test(v), 'Please enter a web address, like example.com.')),
      location: requiredLine(L.location, 300, 'Please enter where the business is (an address or the area it serves).'),
      hours: multiLineText(L.hours, { min: 1, max: 500, message: 'Please enter the opening hours.' }),
    }),
    offerings: z
      .array(offeringSchema)
      .check(
        z.maxLength(AGENT_LIMITS.offerings, `Please list at most ${AGENT_LIMITS.offerings} services or products.`),
        z.refine((list) => list.some((o) => o.name !== ''), 'Please name at least one service or product.'),
      ),
    policies: z.object({
      cancellation: optionalText(L.cancellation, AGENT_LIMITS.policy),
      refunds: optionalText(L.refunds, AGENT_LIMITS.policy),
      payment: optionalText(L.payment, AGENT_LIMITS.policy),
    }),
    /**
     * The business type's own questions (questions.ts `businessQuestions`), by question id: any business type's
     * questions are read (others are dropped), and the check below refuses those this business type does not ask.
     */
    specifics: z.object(specificsShape),
    handover: handoverSchema,
    languages: languagesSchema,
    channels: z
      .array(z.enum(channelIds, { message: 'Please choose channels from the list.' }))
      .check(z.minLength(1, 'Please choose at least one channel.'), z.maxLength(channelIds.length, 'Please choose each channel once.')),
    dos: lineList(L.dos, AGENT_LIMITS.dos, 300),
    donts: lineList(L.donts, AGENT_LIMITS.dos, 300),
    tone: toneSchema,
  })
  .check(
    z.superRefine((a, ctx) => {
      const app = findApp(AGENT_APP_ID);
      const resolved = app && resolveCustomization(app, { fieldId: a.fieldId, subcategoryId: a.subcategoryId, productId: a.productId || undefined });
      if (!resolved || (!a.productId && resolved.subcategory.products?.length)) {
        ctx.issues.push({ code: 'custom', path: ['productId'], message: 'Please choose a product from the list.', input: a.productId });
      }
      const questions = businessQuestions[a.subcategoryId] ?? [];
      for (const key of Object.keys(a.specifics)) {
        if (!questions.some((question) => question.id === key)) {
          ctx.issues.push({ code: 'custom', path: ['specifics', key], message: 'This question is not asked for this business type.', input: key });
        }
      }
      for (const question of questions) {
        if (question.required && !(a.specifics[question.id] as string | undefined)?.trim()) {
          ctx.issues.push({ code: 'custom', path: ['specifics', question.id], message: `Please answer: ${question.label}.`, input: '' });
        }
      }
      if (new Set(a.channels).size !== a.channels.length) {
        ctx.issues.push({ code: 'custom', path: ['channels'], message: 'Please choose each channel once.', input: a.channels });
      }
    }),
  );

export type AgentAnswers = z.infer<typeof agentAnswersSchema>;

/** The form's starting answers: the marketplace's choices, everything else empty. */
export function emptyAgentAnswers(choice: { fieldId: string; subcategoryId: string; productId?: string | undefined }): AgentAnswers {
  const subcategoryId = choice.subcategoryId as BusinessTypeId;
  return {
    appId: AGENT_APP_ID,
    fieldId: choice.fieldId as AgentAnswers['fieldId'],
    subcategoryId,
    productId: choice.productId ?? '',
    business: { name: '', website: '', location: '', hours: '' },
    offerings: [{ name: '', price: '', details: '' }],
    policies: { cancellation: '', refunds: '', payment: '' },
    specifics: Object.fromEntries((businessQuestions[subcategoryId] ?? []).map((question) => [question.id, ''])),
    handover: { who: '', channel: '', hours: '' },
    languages: ['English'],
    channels: ['chat'],
    dos: [],
    donts: [],
    tone: defaultTone,
  };
}
