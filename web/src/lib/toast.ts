/**
 * Toasts (spec 000_87e5fbf87b6c3f39.txt §4 and 9): one visible at a time, 5 s by default, ids counting from 1, a destructive
 * variant. Any part of the app calls `toast(...)`; the app layer renders the store with <Toaster />.
 */
import { create } from 'zustand';

const TOAST_DURATION_MS = 5000;

type ToastVariant = 'default' | 'destructive';

export interface Toast {
  readonly id: number;
  readonly title: string;
  readonly description?: string;
  readonly variant: ToastVariant;
  readonly duration: number;
}

interface ToastState {
  toasts: Toast[];
  dismiss: (id: number) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

/** Shows a toast, replacing the one on screen; answers its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: Toast = {
    id,
    title: input.title,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
    ...(input.description === undefined ? {} : { description: input.description }),
  };
  // One at a time (the spec's limit): the new toast replaces the one on screen, whose timer goes with it.
  const { toasts, dismiss } = useToastStore.getState();
  for (const old of toasts) dismiss(old.id);
  useToastStore.setState({ toasts: [item] });
  if (item.duration > 0 && Number.isFinite(item.duration)) {
    timers.set(id, setTimeout(() => useToastStore.getState().dismiss(id), item.duration));
  }
  return id;
}

/** For unit tests: start ids from 1 again. */
export function resetToasts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  nextId = 1;
  useToastStore.setState({ toasts: [] });
}
