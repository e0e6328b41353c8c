/**
 * Clicks and typing on a prerendered page before its code has run (a slow phone, a script still loading).
 * React attaches its event handlers in hydrateRoot(); events from then on reach them (React hydrates what they
 * touch first), but a click before that does nothing: the demo dialog would not open, a marketplace card would
 * not be chosen, the theme would not change. The inline script in web/index.html records every click, input and
 * change from the first paint; the entry calls replayEarlyEvents() right after hydrateRoot() to hand them on.
 *
 * Only what a handler would have missed is replayed:
 * - clicks on `type="button"` buttons. Links, <summary>, labels and checkboxes did their native work already
 *   (replaying would do it twice), and submit buttons stay disabled until hydration (lib/hydration.ts);
 * - the value a visitor typed or chose in a field, as the one input/change event React would have seen last.
 *   The field keeps that value through hydration, but the page's state does not know it yet.
 */
import { flushSync } from 'react-dom';

declare global {
  interface Window {
    /** Set by the inline script in web/index.html: stops recording and returns what was recorded. */
    __earlyEvents?: () => Event[];
  }
}

type ValueField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether an input event on this element carries a value the page may keep in its state. */
function isValueField(target: EventTarget | null): target is ValueField {
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio';
}

/**
 * `chosen`: the visitor's value, read before any field was replayed (an earlier field's re-render can reset a
 * later one).
 */
function replayValue(field: ValueField, chosen: string): void {
  // hydrateRoot() only starts hydrating. An event on the field makes React hydrate it at once (as for any
  // discrete event), which may put back the value React rendered; the visitor's value is restored below.
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && field.type === 'file')) {
    // React reads selects and file inputs on 'change', from the element itself.
    if (field instanceof HTMLSelectElement) field.value = chosen;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const shown = field.defaultValue;
  if (chosen === shown) return;
  // React calls onChange for a text field only when its value differs from the last one it saw. Assigning
  // `value` tells React the rendered value; the prototype's setter then puts the typed text back without React
  // noticing, as a keystroke would, and the input event hands it to onChange.
  field.value = shown;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, chosen);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Hands the events recorded before hydration to the app; call once, right after hydrateRoot(). */
export function replayEarlyEvents(): void {
  const take = window.__earlyEvents;
  if (!take) return;
  delete window.__earlyEvents;
  const fields = new Set<ValueField>();
  const buttons: HTMLButtonElement[] = [];
  for (const event of take()) {
    const target = event.target;
    if (!(target instanceof Element) || !target.isConnected) continue;
    if (event.type === 'click') {
      const button = target.closest('button');
      if (button && button.type === 'button') buttons.push(button);
    } else if (isValueField(target)) {
      fields.add(target);
    }
  }
  // Fields first: a visitor fills in, then presses. In the order they were used, each committed before the next
  // (flushSync): a later list can depend on an earlier choice (the marketplace's Field, then Business type), and
  // its handler must see the page the earlier choice made, not one batched render with both.
  const chosen = new Map([...fields].map((field) => [field, field.value] as const));
  for (const [field, value] of chosen) flushSync(() => replayValue(field, value));
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}
