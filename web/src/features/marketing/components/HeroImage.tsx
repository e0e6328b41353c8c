/**
 * The Home hero's picture with its three states (spec section 4): loading, loaded, or failed, which falls back
 * to a card. The request is cache-busted each time the hero mounts. It starts after hydration (a timestamp in
 * the prerendered HTML would differ from the client's); the box has a fixed aspect ratio so nothing shifts.
 */
import { useEffect, useState } from 'react';
import heroUrl from '../assets/hero-dashboard.svg?no-inline';
import { CheckIcon } from '../../../components/icons';

type HeroImageState = 'loading' | 'loaded' | 'failed';

function cacheBusted(url: string, stamp = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}v=${stamp}`;
}

export function HeroImage({ url = heroUrl }: { url?: string }) {
  const [image, setImage] = useState<{ state: HeroImageState; src?: string }>({ state: 'loading' });

  useEffect(() => {
    const src = cacheBusted(url);
    const probe = new Image();
    probe.onload = () => setImage({ state: 'loaded', src });
    probe.onerror = () => setImage({ state: 'failed' });
    probe.src = src;
    return () => {
      probe.onload = null;
      probe.onerror = null;
    };
  }, [url]);

  return (
    <div className="hero-visual" data-state={image.state} aria-busy={image.state === 'loading'}>
      {image.state === 'loaded' ? (
        // Same URL as the probe: the browser shows it from memory, no second request.
        <img
          src={image.src}
          width={640}
          height={480}
          alt="A Cadence AI agent dashboard: a customer conversation answered by the agent, 15+ hours saved this week and a completed hand-off"
        />
      ) : image.state === 'failed' ? (
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
      ) : (
        <div className="hero-skeleton" aria-hidden="true" />
      )}
    </div>
  );
}
