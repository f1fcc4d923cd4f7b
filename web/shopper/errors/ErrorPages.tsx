import { Link, useLocation } from 'wouter';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { formatPhone, telHref } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.tsx';
import { takeRetryTarget } from '../../lib/retry-target.ts';

// The error pages of seed 000 section 8.
const PAGES = {
  storeNotFound: 'page.storeNotFound',
  retailerNotFound: 'page.retailerNotFound',
  applicationNotFound: 'page.applicationNotFound',
  checkoutNotFound: 'page.checkoutNotFound',
  forbidden: 'page.forbidden',
  notFound: 'page.notFound',
} as const;
export type ErrorKind = keyof typeof PAGES;

export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const t = useT();
  const { brand } = useBrand();
  const prefix = PAGES[kind];
  useDocumentTitle(t(`${prefix}.title`), brand.name);
  return (
    <section aria-labelledby="error-title" data-error-page={kind}>
      <h1 id="error-title">{t(`${prefix}.title`)}</h1>
      <p>{t(`${prefix}.text`)}</p>
      <p>
        <Link href="/">{t('page.pickStore')}</Link>
      </p>
    </section>
  );
}

export const NotFoundPage = () => <ErrorPage kind="notFound" />;

/** Unknown Error: Retry goes back to the screen that failed; asks to contact support at the brand's phone. */
export function UnknownErrorPage() {
  const t = useT();
  const { brand } = useBrand();
  const [, navigate] = useLocation();
  const phone = formatPhone(brand.phone);
  useDocumentTitle(t('page.unknown.title'), brand.name);
  return (
    <section aria-labelledby="error-title" data-error-page="unknown">
      <h1 id="error-title">{t('page.unknown.title')}</h1>
      <p>{t('page.unknown.text', { phone })}</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => navigate(takeRetryTarget(), { replace: true })}>
          {t('app.retry')}
        </button>
        <a className="button button--secondary" href={telHref(brand.phone)}>
          {phone}
        </a>
      </div>
    </section>
  );
}
