/**
 * The header on every page (spec 000_87e5fbf87b6c3f39.txt §2): the six links, the account links, the theme toggle. Below 768 px
 * the links collapse behind a menu button; CSS does the layout, this component only tracks open/closed.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigation } from 'react-router-dom';
import { navPages } from '@shared/content/site';
import { brand } from '@shared/content/brand';
import { CloseIcon, LogoMark, MenuIcon } from '../components/icons';
import { ThemeToggle } from '../components/ThemeToggle';
import { AccountLinks } from '../features/accounts/components/AccountLinks';

export function Header() {
  const menuButton = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();
  // The menu is open for the history entry it was opened on: any navigation (links, back/forward) closes it, and
  // one opened while the next screen is still loading belongs to that screen's entry, so it stays open when it arrives.
  const next = useNavigation().location?.key;
  const entry = next ?? key;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn !== null && openOn === entry;
  const close = () => setOpenOn(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <div className="container header-bar">
        <Link to="/" className="brand" aria-label={`${brand.name} home`}>
          <LogoMark />
          <span>{brand.name}</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="icon-button menu-button"
          aria-expanded={open}
          aria-controls="site-nav"
          aria-label="Menu"
          onClick={() => setOpenOn(open ? null : entry)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main" data-open={open}>
          <ul className="nav-list">
            {navPages.map((page) => (
              <li key={page.path}>
                <NavLink to={page.path} end={page.path === '/'} onClick={close}>
                  {page.nav}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-account">
            <AccountLinks onNavigate={close} />
          </div>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  );
}
