/**
 * POST /api/prompts: `{ appId, fieldId?, subcategoryId?, productId?, sessionId? }` -> `{ prompt }`.
 * 403 when the stage sells prompts (PURCHASE_REQUIRED) and no recorded purchase backs the request
 * (PurchaseNotFound); 502 when the prompt webhook fails (PromptServiceFailed).
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { promptRequestSchema } from '@shared/contract/schemas/prompt';
import { promptDeps } from '../composition/prompts';
import { promptFor } from '../domain/marketplace/prompt-source';
import { httpHandler, ok } from '../lib/http';

export const handler = httpHandler(deployedRoutes.getPrompt, promptRequestSchema, async ({ body }) =>
  ok({ prompt: await promptFor(body, promptDeps()) }),
);
