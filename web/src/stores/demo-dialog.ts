/**
 * Whether the Book-a-Free-Demo dialog is open. Marketing pages open it; the app layer renders the dialog
 * (from the lead-capture feature) so that pages and the dialog never import each other.
 */
import { create } from 'zustand';

interface DemoDialogState {
  open: boolean;
  /** The element that opened the dialog, to return focus to on close. */
  opener: HTMLElement | null;
  /**
   * Called when a visitor points at or focuses a button that opens the dialog: the app layer (which renders the
   * dialog) sets it to load the dialog's code, so that the click only has to show it.
   */
  expect: () => void;
  /** A demo request just stored, whose booking step the site offers after the dialog closed (issue 41). */
  booking?: { readonly request: string; readonly token: string } | undefined;
  show: (opener?: HTMLElement | null) => void;
  hide: () => void;
}

export const useDemoDialog = create<DemoDialogState>()((set, get) => ({
  open: false,
  opener: null,
  expect: () => undefined,
  show: (opener = null) => set({ open: true, opener }),
  hide: () => {
    const { opener } = get();
    set({ open: false, opener: null });
    opener?.focus();
  },
}));
