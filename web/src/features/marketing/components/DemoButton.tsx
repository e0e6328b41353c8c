/**
 * Opens the Book-a-Free-Demo dialog (rendered by the app layer); focus returns here when it closes. Pointing at it
 * or focusing it has the dialog's code loaded, so the click only shows it.
 */
import type { ReactNode } from 'react';
import { useDemoDialog } from '../../../stores/demo-dialog';

export function DemoButton({ children, variant = 'primary' }: { children: ReactNode; variant?: 'primary' | 'secondary' }) {
  return (
    <button
      type="button"
      className={`button button-${variant} button-lg`}
      aria-haspopup="dialog"
      onPointerEnter={() => useDemoDialog.getState().expect()}
      onFocus={() => useDemoDialog.getState().expect()}
      onPointerDown={() => useDemoDialog.getState().expect()}
      onClick={(event) => useDemoDialog.getState().show(event.currentTarget)}
    >
      {children}
    </button>
  );
}
