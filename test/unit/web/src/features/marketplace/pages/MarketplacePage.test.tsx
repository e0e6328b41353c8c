/** @vitest-environment happy-dom */
/**
 * Choosing a card moves the focus to the detail panel's title, for keyboard and screen reader users. A press that
 * lands right after React has committed the page, before that commit's effects have run (a slow phone, a page still
 * hydrating), must do the same: the effects that then run first are the page's initial ones, and they must not use
 * up the choice on the panel about to be replaced (each app's panel is a new element).
 */
import { afterEach, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import MarketplacePage from '../../../../../../../web/src/features/marketplace/pages/MarketplacePage';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  document.body.innerHTML = '';
});

const title = () => document.getElementById('app-details-title');

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

it("a card pressed between the page's commit and its effects gets the panel's title focused", async () => {
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  // The commit's DOM changes are reported at the end of its task; the effects run in a later one.
  const pressed = new Promise<boolean>((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      const effectsRan = document.activeElement !== document.body;
      const card = [...host.querySelectorAll('button')].find((b) => b.textContent === 'AI Content Generator');
      card?.click();
      resolve(!effectsRan && card !== undefined);
    });
    observer.observe(host, { childList: true });
  });
  root.render(<MarketplacePage />);
  expect(await pressed, 'pressed before the first effects').toBe(true);
  await until(() => title()?.textContent === 'AI Content Generator' && document.activeElement === title());
  expect(title()?.textContent).toBe('AI Content Generator');
  expect(document.activeElement).toBe(title());
});

it('choosing a card on the settled page focuses its title; pressing the chosen card again leaves the focus where it is', async () => {
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  root.render(<MarketplacePage />);
  await until(() => title() !== null);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const card = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
  card('AI Customer Support Bot').click();
  await until(() => title()?.textContent === 'AI Customer Support Bot' && document.activeElement === title());
  expect(document.activeElement).toBe(title());
  card('AI Customer Support Bot').focus();
  card('AI Customer Support Bot').click();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(document.activeElement).toBe(card('AI Customer Support Bot'));
});
