import { useEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { api, ApiError, clientId } from '../../lib/api.ts';
import { saveSession, type ApplyStore } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { setRetryTarget } from '../../lib/retry-target.ts';
import { ApplyFrame } from '../shell/ApplyFrame.tsx';
import { DEFAULT_FORM_STORE } from '../shell/first-step.ts';

// Route `/:retailer/:store/initiate`: starts an apply session for the store (POST .../initiate), keeps the apply
// token in sessionStorage scoped to that store, then opens the store application (/apply).

interface InitiateData {
  token: string;
  expires_at: string | number | null;
  client_id: string;
  store: ApplyStore;
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

export function Initiate() {
  const { lang, t } = useI18n();
  const { brand, setBrandKey } = useBrand();
  const params = useParams<{ retailer: string; store: string }>();
  const [, navigate] = useLocation();
  const retailer = params.retailer;
  const store = params.store;
  useDocumentTitle(t('shell.initiate.starting'), brand.name);

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams(location.search);
    const utm = Object.fromEntries(UTM_KEYS.map((k) => [k, query.get(k) ?? '']));
    const body = {
      client_id: clientId(),
      referer: document.referrer || undefined,
      utm: UTM_KEYS.some((k) => utm[k]) ? utm : undefined,
      lang,
    };
    api<InitiateData>(
      'POST',
      `/apply-v2/retailer/${encodeURIComponent(retailer)}/store/${encodeURIComponent(store)}/initiate`,
      {
        body,
        signal: controller.signal,
        token: '', // a new session: never send the token of another store
      },
    ).then(
      ({ data }) => {
        saveSession({ retailer, store, token: data.token, expiresAt: data.expires_at, storeData: data.store });
        setBrandKey(data.store.brand);
        navigate('/apply', { replace: true });
      },
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        const code = error instanceof ApiError ? error.code : 0;
        postToHost('error', { status: code, step: 'initiate', data: { message: (error as Error).message } });
        if (code === 403) return; // api.ts already showed Permission Denied
        if (code === 404) {
          navigate(/retailer/i.test((error as Error).message) ? '/retailer-not-found' : '/store-not-found', {
            replace: true,
          });
          return;
        }
        setRetryTarget(`/${retailer}/${store}/initiate`);
        navigate('/unknown', { replace: true });
      },
    );
    return () => controller.abort();
    // the language is sent once; switching it later must not start another session
  }, [retailer, store, navigate, setBrandKey]);

  // the application page as index.html painted it (boot.ts): its header over the default form's first step
  return <ApplyFrame formOf={DEFAULT_FORM_STORE} status={t('shell.initiate.starting')} />;
}
