/** @vitest-environment happy-dom */
/**
 * keepValuesWhileHydrating (web/src/app/hydrating-fields.ts): a value set while the page is hydrating, then put back
 * by the page without being handled, is handed on again. The page here stands in for React: while it hydrates,
 * each input event re-renders it, which puts back the values in its state; it takes a value from a 'change'.
 * The real case (React, the marketplace) is test/browser/site/before-hydration.spec.ts's last test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepValuesWhileHydrating } from '../../../../../web/src/app/hydrating-fields';

function select(id: string, values: string[]): HTMLSelectElement {
  const element = document.createElement('select');
  element.id = id;
  for (const value of values) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = value;
    element.append(option);
  }
  document.body.append(element);
  return element;
}

/** The visitor's choice, as the browser reports it. */
function choose(field: HTMLSelectElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** After the tasks queued so far (the watch's check is one). */
const nextTask = () => new Promise((resolve) => window.setTimeout(resolve, 0));

describe('keepValuesWhileHydrating', () => {
  let handled: string[];
  /** Every input and change event the page received (the visitor's and the watch's). */
  let received: number;
  let hydrating: boolean;
  let end: () => void = () => undefined;
  let page: AbortController;
  const state = new Map<string, string>();

  beforeEach(() => {
    document.body.innerHTML = '';
    handled = [];
    received = 0;
    hydrating = true;
    state.clear();
    window.__earlyEvents = () => [];
    page = new AbortController();
    const { signal } = page;
    document.addEventListener(
      'input',
      () => {
        received += 1;
        if (!hydrating) return;
        for (const element of document.querySelectorAll('select')) element.value = state.get(element.id) ?? element.options[0]?.value ?? '';
      },
      { signal },
    );
    document.addEventListener(
      'change',
      (event) => {
        received += 1;
        const field = event.target as HTMLSelectElement;
        if ((state.get(field.id) ?? field.options[0]?.value) === field.value) return;
        state.set(field.id, field.value);
        handled.push(`${field.id}=${field.value}`);
      },
      { signal },
    );
  });
  afterEach(() => {
    end();
    page.abort();
    delete window.__earlyEvents;
  });

  it('hands on a choice the hydrating page put back, once', async () => {
    const field = select('field', ['support', 'healthcare']);
    end = keepValuesWhileHydrating();
    choose(field, 'healthcare');
    expect(field.value).toBe('support');
    expect(handled).toEqual([]);
    hydrating = false;
    await nextTask();
    expect(field.value).toBe('healthcare');
    expect(handled).toEqual(['field=healthcare']);
    await nextTask();
    expect(handled).toEqual(['field=healthcare']);
  });

  it('hands on several fields in the order they were last used', async () => {
    const field = select('field', ['support', 'healthcare']);
    const sub = select('sub', ['offices', 'clinics']);
    end = keepValuesWhileHydrating();
    choose(field, 'healthcare');
    choose(sub, 'clinics');
    choose(field, 'healthcare');
    expect(handled).toEqual([]);
    hydrating = false;
    await nextTask();
    expect(handled).toEqual(['sub=clinics', 'field=healthcare']);
  });

  it('leaves alone a value the page kept', async () => {
    hydrating = false;
    const field = select('field', ['support', 'healthcare']);
    end = keepValuesWhileHydrating();
    choose(field, 'healthcare');
    await nextTask();
    expect(handled).toEqual(['field=healthcare']);
    // The visitor's input and change, and nothing sent again.
    expect(received).toBe(2);
  });

  it('watches nothing once ended, nor on a page whose early events were taken (a later, client-side load)', async () => {
    const field = select('field', ['support', 'healthcare']);
    keepValuesWhileHydrating()();
    choose(field, 'healthcare');
    hydrating = false;
    await nextTask();
    expect(field.value).toBe('support');

    hydrating = true;
    delete window.__earlyEvents;
    end = keepValuesWhileHydrating();
    choose(field, 'healthcare');
    hydrating = false;
    await nextTask();
    expect(handled).toEqual([]);
  });
});
