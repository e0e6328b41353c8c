/** The delivery engine's log as Powertools lines (its own module: the functions that only accept notices bundle no more). */
import type { SubmissionDeps } from '../domain/submissions/engine';
import { logger } from '../lib/logger';

export const engineLog: SubmissionDeps['log'] = {
  info: (m, d) => logger.info(m, d ?? {}),
  warn: (m, d) => logger.warn(m, d ?? {}),
  error: (m, d) => logger.error(m, d ?? {}),
};
