/** The footer on every page (spec 000_87e5fbf87b6c3f39.txt §2): links (including /marketplace), contact details, the privacy policy and terms, the year. */
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { legalPages, navPages } from '@shared/content/site';
import { brand } from '@shared/content/brand';
import { LogoMark } from '../components/icons';

/** Set once by the build (web/vite.config.ts) for both the client and the prerender bundle. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();
const noSubscription = () => () => {};

export function Footer() {
  // Hydration uses the build's year (as in the prerendered HTML); the clock's year takes over right after.
  const year = useSyncExternalStore(noSubscription, () => new Date().getFullYear(), () => BUILD_YEAR);
  return (
    <footer id="site-footer" className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/" className="brand" aria-label={`${brand.name} home`}>
            <LogoMark />
            <span>{brand.name}</span>
          </Link>
          <p>{brand.tagline}. Discovery, build and dedicated support for AI agents that fit how your team works.</p>
        </div>
        <nav aria-label="Footer">
          <h2>Explore</h2>
          <ul className="footer-links">
            {navPages.map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.nav}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2>Contact</h2>
          <ul className="footer-links">
            <li>
              <a href={`mailto:${brand.email}`}>{brand.email}</a>
            </li>
            <li>
              <a href={`tel:${brand.phone.replace(/[^+\d]/g, '')}`}>{brand.phone}</a>
            </li>
            <li>{brand.address}</li>
          </ul>
        </div>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul className="footer-links">
            {legalPages.map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.title.split(' | ')[0]}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {brand.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
