/** Opens the Book-a-Free-Demo dialog (rendered by the app layer); focus returns here when it closes. */
import type { ReactNode } from 'react';
import { useDemoDialog } from '../../../stores/demo-dialog';

export function DemoButton({ children, variant = 'primary' }: { children: ReactNode; variant?: 'primary' | 'secondary' }) {
  return (
    <button
      type="button"
      className={`button button-${variant} button-lg`}
      aria-haspopup="dialog"
      onClick={(event) => useDemoDialog.getState().show(event.currentTarget)}
    >
      {children}
    </button>
  );
}
