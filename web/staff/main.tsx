/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../lib/base.css';
import '../toolkit/toolkit.css';
import './staff.css';
import { normalizeHashQuery } from '../lib/hash-query.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import { App } from './app/App.tsx';
import { STAFF_AREAS } from './app/areas.ts';

// The staff portal of seed 001: its own Vite entry and chunks (the shopper page never loads them). The toolkit's
// caller already bundles the whole catalogue, so the staff areas (app/areas.ts) are given to the i18n provider directly.

// The password reset link carries its token inside the hash (#/password/reset?token=...): moved in front of the
// hash so that the route matches and the screen reads it as the search.
normalizeHashQuery();
window.addEventListener('hashchange', normalizeHashQuery);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from staff/index.html');
createRoot(root).render(
  <StrictMode>
    <I18nProvider areas={STAFF_AREAS}>
      <App />
    </I18nProvider>
  </StrictMode>,
);
