// The signed-in frame: skip link, header (portal name, the "Menu" group with the store context, the language
// switcher, the "User" group), the "Navigation" and "Administration" menus showing only what the user's permissions
// allow, breadcrumbs from the named routes, and the main region.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../lib/i18n.tsx';
import { LanguageSwitcher } from '../../lib/LanguageSwitcher.tsx';
import { hasPermission, useSession } from '../common/session.tsx';
import { nameOf, routeById, ROUTES, type MenuGroup, type Params, type StaffRoute } from './routes.tsx';
import { SkipLink } from '../../lib/SkipLink.tsx';

function MenuLinks({ group }: { group: MenuGroup }) {
  const t = useT();
  const { me } = useSession();
  const [location] = useLocation();
  const items = ROUTES.filter(
    (r) => r.menu === group && hasPermission(me, r.permission) && (!r.menuWhen || r.menuWhen(me)),
  );
  if (!items.length) return null;
  return (
    <ul className="staff-menu__list">
      {items.map((r) => {
        const current = r.path === '/' ? location === '/' : location === r.path || location.startsWith(`${r.path}/`);
        const label = r.id === 'storeContext' && me.store_context ? t('staff.ui.nav.switchStore') : t(nameOf(r, {}));
        return (
          <li key={r.id}>
            <Link href={r.path} className="staff-menu__link" aria-current={current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Breadcrumbs({ route, params }: { route?: StaffRoute; params: Params }) {
  const t = useT();
  if (!route) return null;
  const chain: StaffRoute[] = [];
  for (let r: StaffRoute | undefined = route; r; r = r.parent ? routeById(r.parent) : undefined) chain.unshift(r);
  return (
    <nav aria-label={t('staff.ui.breadcrumb')} className="staff-breadcrumbs">
      <ol>
        {chain.map((r, index) => (
          <li key={r.id}>
            {index === chain.length - 1 ? (
              <span aria-current="page">{t(nameOf(r, params))}</span>
            ) : (
              <Link href={r.path}>{t(nameOf(r, {}))}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function Shell({ route, params, children }: { route?: StaffRoute; params: Params; children: ReactNode }) {
  const t = useT();
  const { me, can, signOut } = useSession();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const previous = useRef<StaffRoute | undefined>(route);

  // A new screen moves the focus to the main region (not when a record panel opens over its list, or closes).
  useEffect(() => {
    const before = previous.current;
    previous.current = route;
    setMenuOpen(false);
    if (before === route) return;
    if (document.querySelector('[aria-modal="true"]')) return;
    if (before && route && before.parent === route.id) return;
    mainRef.current?.focus();
  }, [route, location]);

  const showAdmin = ROUTES.some((r) => r.menu === 'admin' && can(r.permission ?? ''));
  return (
    <div className="staff-app">
      <SkipLink target={mainRef} />
      <header className="staff-header">
        <div className="staff-header__inner">
          <button
            type="button"
            className="staff-header__toggle tk-btn"
            aria-expanded={menuOpen}
            aria-controls="staff-sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('staff.ui.menu.toggle')}
          </button>
          <Link href="/" className="staff-header__brand">
            {t('shell.staff.title')}
          </Link>
          <nav aria-label={t('staff.ui.menu.top')} className="staff-menu staff-menu--top">
            <p className="staff-context">
              {me.store_context
                ? t('staff.ui.storeContext.current', { name: me.store_context.name })
                : t(me.guard === 'system' ? 'staff.ui.storeContext.all' : 'staff.ui.storeContext.none')}
            </p>
            <MenuLinks group="top" />
          </nav>
          <LanguageSwitcher />
          <nav aria-label={t('staff.ui.menu.user')} className="staff-menu staff-menu--user">
            <span className="staff-user">{me.user.display_name}</span>
            <MenuLinks group="user" />
            <button type="button" className="tk-btn tk-btn--small" onClick={() => void signOut()}>
              {t('staff.ui.signOut')}
            </button>
          </nav>
        </div>
      </header>
      <div className="staff-body">
        <div id="staff-sidebar" className={`staff-sidebar${menuOpen ? ' is-open' : ''}`}>
          <nav aria-label={t('staff.ui.menu.main')} className="staff-menu">
            <h2 className="staff-menu__title">{t('staff.ui.menu.main')}</h2>
            <MenuLinks group="main" />
          </nav>
          {showAdmin ? (
            <nav aria-label={t('staff.ui.menu.admin')} className="staff-menu">
              <h2 className="staff-menu__title">{t('staff.ui.menu.admin')}</h2>
              <MenuLinks group="admin" />
            </nav>
          ) : null}
        </div>
        <main id="main" ref={mainRef} tabIndex={-1} className="staff-main">
          <Breadcrumbs route={route} params={params} />
          {children}
        </main>
      </div>
    </div>
  );
}
