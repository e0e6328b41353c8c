/**
 * The AI system prompt request after a purchase, shared by the Get prompt dialog and the prompts function.
 * `appId` is the purchased app; the optional ids are the buyer's choices in 'Customize Your AI Agent';
 * `sessionId` is the Stripe Checkout session the success page received (needed where Stripe is live).
 */
import * as z from './zod';

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
  sessionId: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(255), z.regex(/^[A-Za-z0-9_]+$/, 'The checkout session id is not valid.')),
  ),
});

export type PromptRequest = z.infer<typeof promptRequestSchema>;

export interface PromptResponse {
  readonly prompt: string;
}
