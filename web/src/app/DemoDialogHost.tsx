/**
 * Mounts the lead-capture feature's Book-a-Free-Demo dialog while the shared store says it is open. The dialog
 * (and its form library) is loaded when a visitor points at or focuses a button that opens it, or on the first
 * open, never on a page's critical path.
 */
import { lazy, Suspense } from 'react';
import { useDemoDialog } from '../stores/demo-dialog';

const loadDemoDialog = () => import('../features/lead-capture/components/DemoDialog');
const DemoDialog = lazy(loadDemoDialog);
useDemoDialog.setState({ expect: () => void loadDemoDialog() });

export function DemoDialogHost() {
  const open = useDemoDialog((s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DemoDialog />
    </Suspense>
  );
}
