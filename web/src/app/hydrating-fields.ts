/**
 * A value a visitor sets in a controlled field while React is still hydrating the page (a slow phone) must not be
 * lost. The events before hydration starts are replayed (./early-events.ts); this covers the time after that.
 *
 * An event on a part not hydrated yet makes React hydrate it at once, and the effects of that hydration re-render
 * the page before React hands the event on (the marketplace reads the saved choices and purchases then).
 * Re-rendering a controlled field puts back the value in the page's state: the select shows the old choice again
 * and its change reaches no handler. Uncontrolled fields (the lead and idea forms) keep their value; only a
 * route with controlled fields needs this.
 */
import { flushSync } from 'react-dom';
import { isValueField, replayValue, type ValueField } from './early-events';

/**
 * From now until the returned function is called (from an effect of the route, which runs once it has hydrated):
 * the value of every field a visitor sets, read before React sees its input event (a capture listener on the window
 * runs before React's on the root), is checked a task later. A value the page put back without handling it is handed
 * on again, in the order the fields were last used. Call it when the route's module loads: on the page's first load
 * that is before hydration starts. A module loaded later (a client-side navigation) starts nothing.
 */
export function keepValuesWhileHydrating(): () => void {
  // The early events not taken yet: this page is prerendered and React has not started on it.
  if (!window.__earlyEvents) return () => undefined;
  const chosen = new Map<ValueField, string>();
  let replaying = false;
  const check = () => {
    const fields = [...chosen];
    chosen.clear();
    replaying = true;
    try {
      // The field's current value is the one React rendered last.
      for (const [field, value] of fields) {
        if (field.isConnected && field.value !== value) flushSync(() => replayValue(field, value, field.value));
      }
    } finally {
      replaying = false;
    }
  };
  const record = (event: Event) => {
    const field = event.target;
    // The replay's own events are not the visitor's.
    if (replaying || !isValueField(field)) return;
    // A task later: React, and the hydration the event sets off, have handled it by then.
    if (chosen.size === 0) window.setTimeout(check, 0);
    chosen.delete(field);
    chosen.set(field, field.value);
  };
  // Input only: a choice or a keystroke fires it first, and a change after it may carry the value put back already.
  window.addEventListener('input', record, true);
  return () => window.removeEventListener('input', record, true);
}
