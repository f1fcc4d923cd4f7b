import type { ReactNode } from 'react';
import type { ApplyStore } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { formatPhone, telHref } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.tsx';

/**
 * The application page's first screen before its code and data arrive: the store header (the store from the session
 * when there is one, else the page's own heading) over the frame the form fills in. The build prerenders it into
 * index.html (web/shopper/shell/prerender.tsx) and the app shows it again while the application loads, so the page
 * keeps its shape from the first paint to the form.
 */
export function ApplyFrame({ store, children }: { store?: ApplyStore | null; children?: ReactNode }) {
  const t = useT();
  const { brand } = useBrand();
  return (
    <section aria-labelledby="store-title" className="apply">
      <header className="store-header">
        {store && <p className="muted">{t('shell.apply.heading')}</p>}
        <h1 id="store-title">{store?.name ?? t('shell.apply.heading')}</h1>
        {store && (
          <p>
            {store.retailer?.name}
            {store.label && store.label !== store.name ? ` · ${store.label}` : ''}
          </p>
        )}
        <p>{t('shell.apply.offeredBy', { brand: brand.name })}</p>
        <p>
          <a href={telHref(brand.phone)}>{t('shell.apply.questions', { brand: brand.name, phone: formatPhone(brand.phone) })}</a>
        </p>
      </header>
      <div className="card apply-frame" data-form-frame="">
        <p role="status" aria-live="polite">
          {t('app.loading')}
        </p>
        {children}
      </div>
    </section>
  );
}
