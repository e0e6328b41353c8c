/**
 * The form's answers, kept while typing (issue 40): in this browser at once (a reload loses nothing), and on the
 * server a moment after the last change (another device finds them). A lost connection keeps them here and sends
 * them when the browser is back online.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { keepAnswers } from '../api/keep-answers';
import type { StudioMode } from '../api/studio-routes';
import { keepHere } from '../utils/kept-answers';
import { setAt } from '../utils/paths';

/** Quiet time after the last change before the answers go to the server. */
const KEEP_AFTER_MS = 1200;

export type KeepState = { readonly kind: 'idle' | 'saving' | 'saved' | 'offline' } | { readonly kind: 'refused'; readonly message: string };

export const keepStateText = (s: KeepState): string =>
  s.kind === 'saving'
    ? 'Saving your answers...'
    : s.kind === 'saved'
      ? 'Your answers are saved.'
      : s.kind === 'offline'
        ? 'You are offline: your answers are kept in this browser and saved when you are back online.'
        : s.kind === 'refused'
          ? s.message
          : '';

export function useKeptAnswers(mode: StudioMode, sessionId: string, initial: unknown) {
  const [answers, setAnswers] = useState<unknown>(initial);
  const [state, setState] = useState<KeepState>({ kind: 'idle' });
  const latest = useRef(answers);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dirty = useRef(false);

  const send = useCallback(async () => {
    if (!dirty.current) return;
    dirty.current = false;
    setState({ kind: 'saving' });
    try {
      await keepAnswers(mode, sessionId, latest.current);
      if (!dirty.current) setState({ kind: 'saved' });
    } catch (error) {
      dirty.current = true;
      if (error instanceof ApiError && error.status !== 0 && error.serverMessage) setState({ kind: 'refused', message: error.serverMessage });
      else setState({ kind: 'offline' });
    }
  }, [mode, sessionId]);

  const changed = useCallback(
    (next: unknown) => {
      latest.current = next;
      dirty.current = true;
      keepHere(sessionId, next, new Date());
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), KEEP_AFTER_MS);
    },
    [sessionId, send],
  );

  /** One answer changed (functional, so several changes in one event compose). */
  const set = useCallback(
    (path: string, value: unknown) =>
      setAnswers((prev: unknown) => {
        const next = setAt(prev, path, value);
        changed(next);
        return next;
      }),
    [changed],
  );

  /** All answers at once (loaded from a file, or a restored version's). */
  const replace = useCallback(
    (next: unknown, keep = true) => {
      setAnswers(next);
      latest.current = next;
      if (keep) changed(next);
      else keepHere(sessionId, next, new Date());
    },
    [changed, sessionId],
  );

  useEffect(() => {
    const online = () => void send();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [send]);

  return { answers, set, replace, state, flush: send };
}
