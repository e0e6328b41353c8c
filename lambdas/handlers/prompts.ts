/**
 * POST /api/prompts: `{ appId, fieldId?, subcategoryId?, productId?, sessionId? }` -> `{ prompt }`, for the browser
 * that paid (its httpOnly key; a browser without one is given one for next time, and is not the buyer's now). POST /api/account/prompts: the same for a
 * purchase of the signed-in account, from any device. 403 when no recorded purchase backs the request where one is
 * required (PURCHASE_REQUIRED), when it was refunded, or belongs to another browser or account; 429 after too many
 * retrievals of one purchase in an hour; 502 when the prompt webhook fails (PromptServiceFailed).
 */
import { deployedRoutes } from '@shared/deployment/manifest';
import { accountPromptRequestSchema, promptRequestSchema } from '@shared/contract/schemas/prompt';
import { promptDeps } from '../composition/prompts';
import { liveSession } from '../composition/sessions';
import { promptFor } from '../domain/prompts/prompt-source';
import { browserKeyOf, withBrowserKey } from '../composition/browser-key';
import { httpHandler, ok, routesHandler } from '../lib/http';

const browserPrompt = httpHandler(deployedRoutes.getPrompt, promptRequestSchema, async ({ body, event }) =>
  ok({ prompt: await promptFor(body, promptDeps(), { browserKey: browserKeyOf(event) }) }),
);

// It counts the retrieval on the purchase: a write, so only for a live session.
const accountPrompt = httpHandler(
  deployedRoutes.getAccountPrompt,
  accountPromptRequestSchema,
  async ({ body, userId }) => {
    if (!userId) throw new Error('a user route ran without a verified sub');
    return ok({ prompt: await promptFor(body, promptDeps(), { userId }) });
  },
  { session: liveSession },
);

export const handler = routesHandler('prompts', [
  [deployedRoutes.getPrompt, withBrowserKey(browserPrompt)],
  [deployedRoutes.getAccountPrompt, accountPrompt],
]);
