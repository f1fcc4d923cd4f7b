import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { getSession } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useT } from '../../lib/i18n.tsx';

/** A registered route whose screen arrives in a later issue: says so plainly, in the current language. */
export function ComingSoon({ titleKey, requiresToken = false }: { titleKey: string; requiresToken?: boolean }) {
  const t = useT();
  const { brand } = useBrand();
  const [, navigate] = useLocation();
  const allowed = !requiresToken || getSession() !== null;
  useDocumentTitle(t(titleKey), brand.name);

  useEffect(() => {
    if (!allowed) navigate('/', { replace: true });
  }, [allowed, navigate]);
  if (!allowed) return null;

  return (
    <section aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{t(titleKey)}</h1>
      <p className="notice">{t('shell.placeholder.text')}</p>
      <p>
        <Link href="/">{t('shell.placeholder.back')}</Link>
      </p>
    </section>
  );
}
