/**
 * Mounts the lead-capture feature's Book-a-Free-Demo dialog while the shared store says it is open. The dialog
 * (and its form library) is loaded when a visitor points at or focuses a button that opens it, or on the first
 * open, never on a page's critical path. After a stored request it shows the offer to pick the demo's time.
 */
import { lazy, Suspense } from 'react';
import { useDemoDialog } from '../stores/demo-dialog';

const loadDemoDialog = () => import('../features/lead-capture/components/DemoDialog');
const DemoDialog = lazy(loadDemoDialog);
useDemoDialog.setState({ expect: () => void loadDemoDialog() });

// The booking step's offer (issue 41), loaded only once a demo request was stored.
const BookingOffer = lazy(() => import('../features/bookings/components/BookingOffer'));

export function DemoDialogHost() {
  const open = useDemoDialog((s) => s.open);
  const offer = useDemoDialog((s) => s.booking !== undefined);
  return (
    <Suspense fallback={null}>
      {open ? <DemoDialog /> : null}
      {offer && !open ? <BookingOffer /> : null}
    </Suspense>
  );
}
