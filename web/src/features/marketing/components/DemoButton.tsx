/**
 * Opens the Book-a-Free-Demo dialog (rendered by the app layer); focus returns here when it closes. Pointing at it
 * or focusing it has the dialog's code loaded, so the click only shows it.
 */
import type { ReactNode } from 'react';
import { useDemoDialog } from '../../../stores/demo-dialog';

// A mouse points before it clicks; a finger's touch starts with pointerenter too (before pointerdown); a keyboard
// focuses first.
const expectDialog = () => useDemoDialog.getState().expect();

export function DemoButton({ children, variant = 'primary' }: { children: ReactNode; variant?: 'primary' | 'secondary' }) {
  return (
    <button
      type="button"
      className={`button button-${variant} button-lg`}
      aria-haspopup="dialog"
      onPointerEnter={expectDialog}
      onFocus={expectDialog}
      onClick={(event) => useDemoDialog.getState().show(event.currentTarget)}
    >
      {children}
    </button>
  );
}
