/** Keeping the answers on the server while typing (debounced by the form; a write, never retried by itself). */
import type { KeptAnswers } from '@shared/contract/prompt-studio';
import { callApi } from '../../../lib/api';
import { studioRoutes, type StudioMode } from './studio-routes';

export function keepAnswers(mode: StudioMode, sessionId: string, answers: unknown): Promise<KeptAnswers> {
  return callApi<KeptAnswers>(studioRoutes[mode].keep, { sessionId, answers });
}
