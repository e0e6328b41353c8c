/**
 * The AI system prompt request after a purchase, shared by the Get prompt dialog and the prompts function.
 * `appId` is the purchased app; the optional ids are the buyer's choices in 'Customize Your AI Agent';
 * `sessionId` is the Stripe Checkout session the success page received (needed where the stage sells prompts, PURCHASE_REQUIRED).
 */
import * as z from './zod';
import { checkoutSessionId } from './purchases';

const id = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} must not be empty.`),
      z.maxLength(100, `${label} is too long.`),
      z.regex(/^[a-z0-9-]+$/, `${label} is not a valid id.`),
    );

export const promptRequestSchema = z.object({
  appId: id('App'),
  fieldId: z.optional(id('Field')),
  subcategoryId: z.optional(id('Business type')),
  productId: z.optional(id('Product')),
  sessionId: z.optional(checkoutSessionId),
});

export type PromptRequest = z.infer<typeof promptRequestSchema>;

/** POST /api/account/prompts: the same choices, for a purchase of the signed-in account (named by its session). */
export const accountPromptRequestSchema = z.extend(promptRequestSchema, { sessionId: checkoutSessionId });
export type AccountPromptRequest = z.infer<typeof accountPromptRequestSchema>;

/**
 * What a buyer reads when the prompt API finds no verified purchase behind the request (a 403): on a stage that
 * sells prompts, e.g. after the fallback checkout, where nothing was paid. The prompts function answers it and the
 * Get prompt dialog shows it instead of its generic 'Could not fetch prompt. Please try again later.'.
 */
export const purchaseNotVerifiedMessage =
  'We could not verify your purchase, so the prompt cannot be shown. If you have just paid, please try again in a minute.';

export interface PromptResponse {
  readonly prompt: string;
}
