/**
 * Whether the Book-a-Free-Demo dialog is open. Marketing pages open it; the app layer renders the dialog
 * (from the lead-capture feature) so that pages and the dialog never import each other.
 */
import { create } from 'zustand';

interface DemoDialogState {
  open: boolean;
  /**
   * Set once a visitor points at or focuses a button that opens the dialog: the app layer then loads the dialog's
   * code, so that the click only has to show it (loading and starting the form's code took a slow phone's click
   * well past 100 ms).
   */
  expected: boolean;
  /** The element that opened the dialog, to return focus to on close. */
  opener: HTMLElement | null;
  expect: () => void;
  show: (opener?: HTMLElement | null) => void;
  hide: () => void;
}

export const useDemoDialog = create<DemoDialogState>()((set, get) => ({
  open: false,
  expected: false,
  opener: null,
  expect: () => {
    if (!get().expected) set({ expected: true });
  },
  show: (opener = null) => set({ open: true, expected: true, opener }),
  hide: () => {
    const { opener } = get();
    set({ open: false, opener: null });
    opener?.focus();
  },
}));
