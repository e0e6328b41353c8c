/** The header's light/dark switch. Its name says what pressing it does; the icon is picked by CSS. */
import { useTheme } from '../stores/theme';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const theme = useTheme((s) => s.theme);
  const toggle = useTheme((s) => s.toggle);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="icon-button theme-toggle" aria-label={`Switch to ${next} theme`} onClick={toggle}>
      <SunIcon className="icon-sun" />
      <MoonIcon className="icon-moon" />
    </button>
  );
}
