/** @vitest-environment happy-dom */
/**
 * The buyer's customization choices (web/src/features/marketplace/stores/customization.ts): read from localStorage
 * after hydration. A visitor can choose before that read runs (the page is prerendered and hydrates in slices): the
 * choice must survive the read, and writing it must not forget the saved choices of other apps.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useCustomizationStore } from '../../../../../../../web/src/features/marketplace/stores/customization';

const KEY = 'marketplaceCustomization_v1';
const saved = { fieldId: 'retail', subcategoryId: 'online-shops', productId: 'support-agent' };
const chosen = { fieldId: 'healthcare', subcategoryId: 'medical-offices', productId: 'schedule-assistant' };

beforeEach(() => {
  window.localStorage.clear();
  useCustomizationStore.setState({ byApp: {}, loaded: false });
});

describe('customization store', () => {
  it('a choice made before the saved ones are read is kept, and the saved ones of other apps too', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ 'ai-system-prompt-generator': saved, other: saved }));
    useCustomizationStore.getState().set('ai-system-prompt-generator', chosen);
    useCustomizationStore.getState().load();
    expect(useCustomizationStore.getState().byApp).toEqual({ 'ai-system-prompt-generator': chosen, other: saved });
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? '{}')).toEqual({ 'ai-system-prompt-generator': chosen, other: saved });
  });

  it('reads the saved choices once', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ other: saved }));
    useCustomizationStore.getState().load();
    window.localStorage.setItem(KEY, JSON.stringify({}));
    useCustomizationStore.getState().load();
    expect(useCustomizationStore.getState().byApp).toEqual({ other: saved });
  });
});
