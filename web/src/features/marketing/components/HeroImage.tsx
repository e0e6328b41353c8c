/**
 * The Home hero's picture with its three states (spec 000_87e5fbf87b6c3f39.txt §4): loading, loaded, or failed, which falls back
 * to a card. The request is cache-busted on each load, and the box has a fixed aspect ratio so nothing shifts.
 *
 * The picture is the largest thing on Home's first screen, so it must not wait for the app's code. The
 * prerendered box carries the image's URL (`data-hero-src`) and an <img> without one; the small inline script in
 * web/index.html starts the cache-busted request as soon as the page is parsed and switches `data-state` when it
 * settles, before the app has loaded (a timestamp written into the prerendered HTML would be the same on every
 * load). Which of the image, the skeleton and the fallback card shows follows `data-state` in the CSS, so the
 * markup is the same in every state and hydrates as it is. Once running, the component takes over the request the
 * script started. Rendered in the browser (a client-side navigation to Home), it starts the request itself.
 */
import { useEffect, useRef, useState } from 'react';
import heroUrl from '../assets/hero-dashboard.svg?no-inline';
import { CheckIcon } from '../../../components/icons';

type HeroImageState = 'loading' | 'loaded' | 'failed';

function cacheBusted(url: string, stamp = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}v=${stamp}`;
}

/** What the inline script made of the request it started before the app ran, if it started one. */
function startedBeforeApp(img: HTMLImageElement): { state: HeroImageState; src: string } | undefined {
  const src = img.getAttribute('src');
  if (!src) return undefined;
  const state = img.closest<HTMLElement>('.hero-visual')?.dataset.state;
  if (state === 'failed') return { state: 'failed', src };
  return { state: img.complete && img.naturalWidth > 0 ? 'loaded' : 'loading', src };
}

export function HeroImage({ url = heroUrl }: { url?: string }) {
  const [image, setImage] = useState<{ state: HeroImageState; src?: string }>({ state: 'loading' });
  const img = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const element = img.current;
    const early = element ? startedBeforeApp(element) : undefined;
    setImage(early ?? { state: 'loading', src: cacheBusted(url) });
  }, [url]);

  const settle = (state: HeroImageState) => setImage((current) => (current.state === 'loading' && current.src ? { ...current, state } : current));

  return (
    <div className="hero-visual" data-state={image.state} aria-busy={image.state === 'loading'} data-hero-src={url}>
      <img
        ref={img}
        src={image.src}
        width={640}
        height={480}
        fetchPriority="high"
        alt="A Cadence AI agent dashboard: a customer conversation answered by the agent, 15+ hours saved this week and a completed hand-off"
        onLoad={() => settle('loaded')}
        onError={() => settle('failed')}
      />
      <div className="hero-skeleton" aria-hidden="true" />
      <div className="hero-fallback card">
        <p className="hero-fallback-title">Your AI team, on call</p>
        <ul className="check-list">
          <li>
            <CheckIcon />
            <span>Leads answered and qualified in minutes</span>
          </li>
          <li>
            <CheckIcon />
            <span>Support questions resolved from your own docs</span>
          </li>
          <li>
            <CheckIcon />
            <span>Inbox sorted and drafted before you log in</span>
          </li>
        </ul>
      </div>
    </div>
  );
}
