/**
 * The Book-a-Free-Demo dialog. The app layer renders it while `useDemoDialog().open` is true; it closes with
 * `hide()`, which returns focus to the button that opened it.
 *
 * A modal kept out of the top layer (an open <dialog>, not showModal()): the top layer would put the site's toasts (the
 * failure toast shows while the dialog stays open) under the backdrop and make them inert. Focus moves into
 * the dialog on open and is kept inside it (Tab wraps), Escape and the backdrop close it, the page behind
 * does not scroll.
 */
import { useDeferredValue, useEffect, useId, useRef } from 'react';
import { useDemoDialog } from '../../../stores/demo-dialog';
import { DemoRequestForm } from './DemoRequestForm';
import '../lead-capture.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function close() {
  useDemoDialog.getState().hide();
}

export default function DemoDialog() {
  const panel = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // The dialog's frame (title, text, Close) shows in the click's own frame; the form (its library and fifteen
  // fields, most of the work) renders right after, in a render the browser may interrupt to paint and take input
  // (React's deferred value, first false). On a slow phone the click no longer waits for the whole form.
  const formShown = useDeferredValue(true, false);

  useEffect(() => {
    if (!formShown) return;
    // With the form: focus moves into it (the first field), and the page behind stops scrolling (locking it
    // repaints the whole page, which the dialog's first frame does not wait for).
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [formShown]);

  useEffect(() => {
    const root = panel.current;

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const focusable = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      className="lead-overlay"
      role="presentation"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <dialog ref={panel} open className="dialog-panel lead-dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descriptionId}>
        <div className="lead-dialog-header">
          <h2 id={titleId}>Book a Free Demo</h2>
          <button type="button" className="icon-button lead-dialog-close" aria-label="Close" onClick={close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p id={descriptionId} className="lead-dialog-lead">
          Tell us about your business and we will show you, in a 30-45 minute call, how AI agents can take work off your team.
        </p>
        {formShown ? <DemoRequestForm onSubmitted={close} /> : <div className="lead-dialog-pending" aria-busy="true" />}
      </dialog>
    </div>
  );
}
