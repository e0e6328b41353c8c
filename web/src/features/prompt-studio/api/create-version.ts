/** A new version: from the answers, by hand, or a version restored. */
import type { NewVersionAnswer, NewVersionBody } from '@shared/contract/prompt-studio';
import { callApi } from '../../../lib/api';
import { studioRoutes, type StudioMode } from './studio-routes';

export function createVersion(mode: StudioMode, request: NewVersionBody): Promise<NewVersionAnswer> {
  return callApi<NewVersionAnswer>(studioRoutes[mode].version, request);
}
