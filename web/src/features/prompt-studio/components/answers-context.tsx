/**
 * The form's answers and their messages, shared by every control of the studio's form: a control names its answer
 * by the dotted path the schema reports messages under (`business.name`), so a refusal lands on its field.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { getAt } from '../utils/paths';

export interface AnswersState {
  readonly answers: unknown;
  readonly set: (path: string, value: unknown) => void;
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

const AnswersContext = createContext<AnswersState | undefined>(undefined);

export function AnswersProvider({ value, children }: { value: AnswersState; children: ReactNode }) {
  return <AnswersContext.Provider value={value}>{children}</AnswersContext.Provider>;
}

export function useAnswer(path: string) {
  const state = useContext(AnswersContext);
  if (!state) throw new Error('useAnswer outside the studio form');
  const message = state.errors[path]?.[0];
  return { value: getAt(state.answers, path), set: (v: unknown) => state.set(path, v), error: message ? { type: 'validation', message } : undefined, answers: state.answers, setAt: state.set };
}

/** The input id of an answer's path (`business.name` -> `studio-business-name`). */
export const idOf = (path: string) => `studio-${path.replace(/\./g, '-')}`;
