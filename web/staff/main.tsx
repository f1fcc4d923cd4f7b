/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../lib/base.css';
import { common } from '../../machines/i18n/common.ts';
import { shell } from '../../machines/i18n/shell.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { I18nProvider, useT } from '../lib/i18n.tsx';
import { LanguageSwitcher } from '../lib/LanguageSwitcher.tsx';

// Minimal staff shell (its own Vite entry and chunks); the staff issue replaces it with the portal of seed 001.
const AREAS = [common, shell];

function StaffShell() {
  const t = useT();
  useDocumentTitle('', t('shell.staff.title'));
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <span>{t('shell.staff.title')}</span>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <h1>{t('shell.staff.title')}</h1>
        <section className="card" aria-labelledby="staff-sign-in">
          <h2 id="staff-sign-in">{t('shell.staff.signIn')}</h2>
          <p>{t('shell.staff.signInSoon')}</p>
        </section>
      </main>
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from staff/index.html');
createRoot(root).render(
  <StrictMode>
    <I18nProvider areas={AREAS}>
      <StaffShell />
    </I18nProvider>
  </StrictMode>,
);
