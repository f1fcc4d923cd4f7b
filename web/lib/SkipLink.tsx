import type { RefObject } from 'react';
import { useT } from './i18n.tsx';

/**
 * "Skip to main content", the first stop of the keyboard on every page (WCAG 2.4.1). It moves the focus itself:
 * following `#main` would change the hash, which the hash-routed apps read as a route.
 */
export function SkipLink({ target }: { target: RefObject<HTMLElement | null> }) {
  const t = useT();
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        target.current?.focus();
      }}
    >
      {t('app.skipToContent')}
    </a>
  );
}
