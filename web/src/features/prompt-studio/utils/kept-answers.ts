/**
 * Answers kept in this browser while typing (issue 40: a reload or a lost connection loses nothing), per purchase,
 * with the time of the last change: the studio opens with these when they are newer than what the server kept.
 */
const KEY_PREFIX = 'promptStudioAnswers_v1:';

interface KeptHere {
  readonly answers: unknown;
  /** ISO time of the last change. */
  readonly editedAt: string;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function keptHere(sessionId: string): KeptHere | undefined {
  try {
    const value = JSON.parse(storage()?.getItem(KEY_PREFIX + sessionId) ?? 'null') as KeptHere | null;
    return value && typeof value.editedAt === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function keepHere(sessionId: string, answers: unknown, editedAt: Date): void {
  try {
    storage()?.setItem(KEY_PREFIX + sessionId, JSON.stringify({ answers, editedAt: editedAt.toISOString() } satisfies KeptHere));
  } catch {
    // Storage full or blocked: the server still keeps them.
  }
}

/** The answers to start from: this browser's when they are newer than the server's. */
export function startingAnswers(sessionId: string, server: { answers: unknown; answersKeptAt?: string | undefined }): unknown {
  const here = keptHere(sessionId);
  if (here && (!server.answersKeptAt || here.editedAt > server.answersKeptAt)) return here.answers;
  return server.answers;
}
