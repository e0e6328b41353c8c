/**
 * Mounts the lead-capture feature's Book-a-Free-Demo dialog while the shared store says it is open. The dialog
 * (and its form library) is loaded when a visitor points at or focuses a button that opens it, or on the first
 * open, never on a page's critical path.
 */
import { Suspense } from 'react';
import { useDemoDialog } from '../stores/demo-dialog';
import { lazyScreen } from './routes/lazy-screen';

// Loaded ahead (preload), it renders at once when opened: the click shows the dialog in its own frame.
const DemoDialog = lazyScreen(() => import('../features/lead-capture/components/DemoDialog'));
useDemoDialog.setState({ expect: () => void DemoDialog.preload?.() });

export function DemoDialogHost() {
  const open = useDemoDialog((s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DemoDialog />
    </Suspense>
  );
}
