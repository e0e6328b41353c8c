/**
 * Placeholder: the Book-a-Free-Demo dialog. The app layer renders it while `useDemoDialog().open` is true; the
 * lead-capture issue replaces it with the real form (focus trap, Escape, return focus via `hide()`).
 */
import { useDemoDialog } from '../../../stores/demo-dialog';

export default function DemoDialog() {
  const hide = useDemoDialog((s) => s.hide);
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="demo-dialog-title">
      <h2 id="demo-dialog-title">Book a Free Demo</h2>
      <button type="button" onClick={hide}>
        Close
      </button>
    </div>
  );
}
