/**
 * The prompt studio's routes (issue 40; shared/contract/schemas/prompt-studio/requests.ts): open it, keep the answers
 * while typing, save a version (from the answers, by hand, or a restore) and download a version's files, for the
 * browser that paid (its httpOnly key) or, on the account routes, for a purchase of the signed-in account. 403 for
 * anyone else or a refunded purchase (the Get prompt messages), 400 with a message per field for answers the app's
 * schema refuses, 429 past the per-purchase limits, 502 when the prompt webhook fails (the answers are kept).
 */
import { deployedRoutes, type DeployedRouteDef } from '@shared/deployment/manifest';
import { keepAnswersSchema, newVersionSchema, openStudioSchema, promptFileSchema } from '@shared/contract/schemas/prompt-studio/requests';
import { studioDeps } from '../composition/prompt-studio';
import { liveSession } from '../composition/sessions';
import type { PromptRequester } from '../domain/prompts/prompt-source';
import { downloadFile, keepAnswers, newVersion, openStudio } from '../domain/prompt-studio/studio';
import { browserKeyOf, withBrowserKey } from '../composition/browser-key';
import { created, httpHandler, ok, routesHandler, type HttpEvent } from '../lib/http';

type Requester = (event: HttpEvent, userId: string | undefined) => PromptRequester;
const browser: Requester = (event) => ({ browserKey: browserKeyOf(event) });
const account: Requester = (_event, userId) => {
  if (!userId) throw new Error('a user route ran without a verified sub');
  return { userId };
};

/** The four routes for one kind of requester. */
function studioRoutes(
  routes: { open: DeployedRouteDef; keep: DeployedRouteDef; version: DeployedRouteDef; file: DeployedRouteDef },
  requester: Requester,
) {
  // The account's routes only for a live session (an erased or deleted account's token writes nothing).
  const options = routes.open.access === 'user' ? { session: liveSession } : {};
  return [
    [routes.open, httpHandler(routes.open, openStudioSchema, async ({ body, event, userId }) => ok(await openStudio(body, requester(event, userId), studioDeps())), options)],
    [routes.keep, httpHandler(routes.keep, keepAnswersSchema, async ({ body, event, userId }) => ok(await keepAnswers(body, requester(event, userId), studioDeps())), options)],
    [routes.version, httpHandler(routes.version, newVersionSchema, async ({ body, event, userId }) => created({ version: await newVersion(body, requester(event, userId), studioDeps()) }), options)],
    [
      routes.file,
      httpHandler(routes.file, promptFileSchema, async ({ body, event, userId }) => {
        const file = await downloadFile(body, requester(event, userId), studioDeps());
        return {
          statusCode: 200,
          headers: {
            'content-type': file.contentType,
            'content-disposition': `attachment; filename="${file.name}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
          },
          body: file.body,
        };
      }, options),
    ],
  ] as const;
}

const r = deployedRoutes;
export const handler = routesHandler('promptStudio', [
  ...studioRoutes({ open: r.openPromptStudio, keep: r.keepPromptAnswers, version: r.createPromptVersion, file: r.downloadPromptFile }, browser).map(
    ([route, handle]) => [route, withBrowserKey(handle)] as const,
  ),
  ...studioRoutes({ open: r.openAccountPromptStudio, keep: r.keepAccountPromptAnswers, version: r.createAccountPromptVersion, file: r.downloadAccountPromptFile }, account),
]);
