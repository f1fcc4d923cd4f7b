/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../lib/base.css';
import './account.css';
import { account } from '../../machines/i18n/account.ts';
import { common } from '../../machines/i18n/common.ts';
import { BrandProvider, brandFromQuery } from '../lib/brand.tsx';
import { I18nProvider } from '../lib/i18n.tsx';
import { prerenderPainted } from '../lib/prerender-paint.ts';
import { App } from './App.tsx';

// The lessee's account (/account/): its own Vite entry. Its whole text (the account area and the common one, both
// languages) is bundled: a few KB, and no round trip before the first screen. The brand comes from `?brand=`.
const AREAS = [common, account];

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from customer/index.html');
// The prerendered sign-in (prerender.tsx) paints first; the app, which replaces it with the same markup, then starts.
void prerenderPainted(1_000).then(() => {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider areas={AREAS}>
        <BrandProvider initial={brandFromQuery(location.search)}>
          <App />
        </BrandProvider>
      </I18nProvider>
    </StrictMode>,
  );
});
