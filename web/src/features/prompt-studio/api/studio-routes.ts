/**
 * The prompt studio's routes for the two ways a buyer holds a purchase: the browser that paid (its httpOnly cookie)
 * or the signed-in account, on any device. The page is told which by its address (`?as=account`).
 */
import { routes, type RouteDef } from '@shared/contract/api';

export type StudioMode = 'browser' | 'account';

export interface StudioRoutes {
  readonly open: RouteDef;
  readonly keep: RouteDef;
  readonly version: RouteDef;
  readonly file: RouteDef;
}

export const studioRoutes: Readonly<Record<StudioMode, StudioRoutes>> = {
  browser: { open: routes.openPromptStudio, keep: routes.keepPromptAnswers, version: routes.createPromptVersion, file: routes.downloadPromptFile },
  account: { open: routes.openAccountPromptStudio, keep: routes.keepAccountPromptAnswers, version: routes.createAccountPromptVersion, file: routes.downloadAccountPromptFile },
};
