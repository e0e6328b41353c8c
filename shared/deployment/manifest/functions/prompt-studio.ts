/**
 * The prompt studio's function (issue 40): the customization form after payment, its versions and files, for the
 * browser that paid or the purchase's account.
 */
import type { FunctionDef } from './function-def';

export const promptStudioFunctions = {
  promptStudio: {
    entry: 'lambdas/handlers/prompt-studio.ts',
    description:
      "The prompt studio after a purchase: keeps the buyer's answers, writes versions (prompt webhook, or the built-in writer), restores, hand edits and prompt files, for the browser that paid or the purchase's account.",
    // purchases: the proof of purchase (and tying it to the browser, as Get prompt does); submissions: the staff's
    // notice when the prompt webhook fails (through the delivery engine, handed to submissionDelivery).
    tables: {
      promptStudios: { read: ['GetItem', 'Query'], write: ['PutItem', 'UpdateItem'] },
      purchases: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['byUser'] },
      submissions: { read: ['GetItem'], write: ['PutItem'] },
    },
    buckets: {},
    sendsMail: false,
    secrets: ['webhookSigning'],
    settings: ['PROMPT_WEBHOOK_URL'],
    // The prompt webhook may take up to 20 s, under API Gateway's 30 s.
    timeoutSeconds: 29,
    memoryMb: 256,
  },
} as const satisfies Record<string, FunctionDef>;
