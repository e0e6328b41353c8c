/**
 * Mounts the lead-capture feature's Book-a-Free-Demo dialog while the shared store says it is open. The dialog
 * (and its form library) is loaded on first open, never on a page's critical path.
 */
import { lazy, Suspense } from 'react';
import { useDemoDialog } from '../stores/demo-dialog';

const DemoDialog = lazy(() => import('../features/lead-capture/components/DemoDialog'));

export function DemoDialogHost() {
  const open = useDemoDialog((s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DemoDialog />
    </Suspense>
  );
}
