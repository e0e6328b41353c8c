/**
 * Renders the toast store (web/src/lib/toast.ts): one toast at a time, each with a dismiss button. Messages
 * go into live regions that exist before any toast does, so screen readers announce them: a polite status
 * region (<output>, role status) for ordinary toasts and an assertive alert region for destructive ones.
 */
import { useToastStore, type Toast } from '../lib/toast';
import { CloseIcon } from './icons';

function ToastView({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  return (
    <div className="toast" data-variant={toast.variant} data-toast-id={toast.id}>
      <div className="toast-body">
        <p className="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast-description">{toast.description}</p> : null}
      </div>
      <button type="button" className="toast-dismiss" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const current = toasts.at(-1);
  const urgent = current?.variant === 'destructive';
  return (
    <section className="toaster" aria-label="Notifications">
      <output className="toast-region" aria-live="polite" aria-atomic="true">
        {current && !urgent ? <ToastView toast={current} onDismiss={dismiss} /> : null}
      </output>
      <div className="toast-region" role="alert" aria-live="assertive" aria-atomic="true">
        {current && urgent ? <ToastView toast={current} onDismiss={dismiss} /> : null}
      </div>
    </section>
  );
}
