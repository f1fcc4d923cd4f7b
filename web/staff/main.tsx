/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../lib/base.css';
import '../toolkit/toolkit.css';
import './staff.css';
import { common } from '../../machines/i18n/common.ts';
import { shell } from '../../machines/i18n/shell.ts';
import { staff } from '../../machines/i18n/staff.ts';
import { toolkit } from '../../machines/i18n/toolkit.ts';
import { normalizeHashQuery } from '../lib/hash-query.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import { App } from './app/App.tsx';

// The staff portal of seed 001: its own Vite entry and chunks (the shopper page never loads them). The toolkit's
// caller already bundles the whole catalogue, so the staff areas are given to the i18n provider directly.
const AREAS = [common, shell, toolkit, staff];

// The password reset link carries its token inside the hash (#/password/reset?token=...): moved in front of the
// hash so that the route matches and the screen reads it as the search.
normalizeHashQuery();
window.addEventListener('hashchange', normalizeHashQuery);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from staff/index.html');
createRoot(root).render(
  <StrictMode>
    <I18nProvider areas={AREAS}>
      <App />
    </I18nProvider>
  </StrictMode>,
);
