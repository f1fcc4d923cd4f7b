import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { api, ApiError } from '../../lib/api.ts';
import { clearSession, getSession, updateSessionStore, type ApplyStore } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { formatPhone, telHref } from '../../lib/format.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import { useT } from '../../lib/i18n.tsx';
import { useToasts } from '../../lib/toasts.tsx';

// Route `/apply` (apply/store): requires an apply token. For now: the store's application page header and a notice
// that the application form arrives in a later release (the application issue replaces the body).
export function StoreApplication() {
  const t = useT();
  const { brand, setBrandKey } = useBrand();
  const [, navigate] = useLocation();
  const { push } = useToasts();
  const [session] = useState(() => getSession());
  const [store, setStore] = useState<ApplyStore | null>(session?.storeData ?? null);
  useDocumentTitle(store?.name ?? '', brand.name);

  useEffect(() => {
    if (!session) {
      navigate('/', { replace: true });
      return;
    }
    setBrandKey(session.storeData.brand);
    postToHost('update', {
      status: 'started',
      step: 'apply',
      data: { retailer: session.retailer, store: session.store },
    });
    // refresh the store (the cached copy came with the token); a store that went away ends the session
    const controller = new AbortController();
    api<ApplyStore>('GET', `/apply-v2/retailer/${encodeURIComponent(session.retailer)}/store/${encodeURIComponent(session.store)}`, {
      signal: controller.signal,
    }).then(
      ({ data }) => {
        updateSessionStore(data);
        setStore(data);
        setBrandKey(data.brand);
      },
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        if (error instanceof ApiError && error.code === 404) {
          clearSession();
          navigate(/retailer/i.test(error.message) ? '/retailer-not-found' : '/store-not-found', { replace: true });
          return;
        }
        // other failures keep the cached store on screen and say so
        if (!(error instanceof ApiError && error.code === 403)) push(t(error instanceof ApiError ? error.message : 'error.unknown'), 'error');
      },
    );
    return () => controller.abort();
    // t and push change with the language; the store is fetched once per session
  }, [session, navigate, setBrandKey]);

  if (!session || !store) return null;
  const brandPhone = formatPhone(brand.phone);
  const storePhone = store.details?.phone ? formatPhone(store.details.phone) : '';

  return (
    <section aria-labelledby="store-title">
      <header className="store-header">
        <p className="muted">{t('shell.apply.heading')}</p>
        <h1 id="store-title">{store.name}</h1>
        <p>
          {store.retailer.name}
          {store.label && store.label !== store.name ? ` · ${store.label}` : ''}
        </p>
        <p>{t('shell.apply.offeredBy', { brand: brand.name })}</p>
        <p>
          <a href={telHref(brand.phone)}>{t('shell.apply.questions', { brand: brand.name, phone: brandPhone })}</a>
        </p>
        {storePhone && <p className="muted">{t('shell.apply.storePhone', { phone: storePhone })}</p>}
      </header>
      <p className="notice">{t('shell.apply.notice')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            clearSession();
            navigate('/');
          }}
        >
          {t('shell.apply.changeStore')}
        </button>
      </div>
    </section>
  );
}
