import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { clearSession, type ApplyStore } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { formatPhone, telHref } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.tsx';
import type { StoreShape } from './first-step.ts';
import { forgetTypedFields } from './picture-fields.ts';
import { ApplyLoading, useStepPicture } from './step-picture.tsx';

/**
 * The application page's first screen before its code and data arrive: the store header (the store from the session
 * when there is one, else the page's own heading) over the form's first step as prerendered (step-picture.tsx) when
 * the store's form opens on it, else over the frame the form fills in. The build prerenders it into index.html
 * (web/shopper/shell/prerender.tsx; `step` is the first step there, and both it and the frame are in the copy, for
 * shell.css to show the one boot.ts picked), and the app shows it again while the application loads, so the page
 * keeps its shape from the first paint to the form.
 */
export function ApplyFrame({
  store,
  step,
  formOf = store,
  status,
  children,
}: {
  store?: ApplyStore | null;
  step?: ReactNode;
  /** The store whose form's first step to show, when not `store` (a store link's, before its store is known). */
  formOf?: StoreShape | null;
  /** The status line (visually hidden over a picture): "Loading…" unless said. */
  status?: string;
  children?: ReactNode;
}) {
  const t = useT();
  const picture = useStepPicture(formOf);
  const statusText = status ?? t('app.loading');
  const frame = (
    <div className="card apply-frame" data-form-frame="">
      <p role="status" aria-live="polite">
        {statusText}
      </p>
      {children}
    </div>
  );
  return (
    <section aria-labelledby="store-title" className="apply">
      <ApplyHeader store={store} />
      {step !== undefined ? (
        <>
          <div data-first-step="">
            <p role="status" aria-live="polite" className="visually-hidden">
              {t('app.loading')}
            </p>
            <div className="step-picture">{step}</div>
            <ChangeStoreButton />
          </div>
          {frame}
        </>
      ) : picture ? (
        <>
          <ApplyLoading store={formOf} text={statusText} />
          <ChangeStoreButton />
        </>
      ) : (
        frame
      )}
    </section>
  );
}

/** The application page's header: its heading, the store and the brand's help line. */
export function ApplyHeader({ store }: { store?: ApplyStore | null }) {
  const t = useT();
  const { brand } = useBrand();
  return (
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
        <a href={telHref(brand.phone)}>
          {t('shell.apply.questions', { brand: brand.name, phone: formatPhone(brand.phone) })}
        </a>
      </p>
    </header>
  );
}

/** 'Change store': ends this store's session and goes back to the store search. */
export function ChangeStoreButton() {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <div className="actions actions--start">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          clearSession();
          forgetTypedFields();
          navigate('/');
        }}
      >
        {t('shell.apply.changeStore')}
      </button>
    </div>
  );
}
