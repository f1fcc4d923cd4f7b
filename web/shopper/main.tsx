/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../lib/base.css';
import './shell/shell.css';
// the form's layout: the application page's prerendered first step (shell/step-picture.tsx) paints with it
import './application/application.css';
import { common } from '../../machines/i18n/common.ts';
import { shell } from '../../machines/i18n/shell.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { api } from '../lib/api.ts';
import { getSession } from '../lib/apply-session.ts';
import { BrandProvider, brandFromQuery } from '../lib/brand.tsx';
import { normalizeHashQuery } from '../lib/hash-query.ts';
import { hostSession } from '../lib/host-messaging.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import { captureStepPictures } from './shell/step-picture.tsx';
import { captureTypedFields } from './shell/picture-fields.ts';
import { ToastProvider } from '../lib/toasts.tsx';
import { prerenderPainted } from '../lib/prerender-paint.ts';
import { captureTypedInput } from '../lib/prerender-input.ts';
import { App } from './App.tsx';

// When the app's code starts running (its imports loaded), against the prerendered screen's first paint
// (npm run bench:shopper reads it).
performance.mark('shopper:start');
normalizeHashQuery();
window.addEventListener('hashchange', normalizeHashQuery);
// Listen to the host from the first moment (a host may send minimize before the first screen renders).
hostSession();

// Only the shell's messages are bundled (both languages, a few KB); the whole catalogue of the chosen language comes
// from the server, so later feature areas do not grow the shopper bundle. See web/lib/i18n.tsx.
const AREAS = [common, shell];
const loadMessages = async (lang: Lang) =>
  (await api<{ lang: Lang; messages: Record<string, string> }>('POST', '/system/translation', { body: { lang } })).data
    .messages;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

void prerenderPainted(1_000).then(() => {
  // the application page shows its prerendered first step while it loads (ApplyFrame.tsx)
  captureStepPictures(root);
  // the store search's box can be typed into before the app runs: its text, focus and caret go to the app's
  captureTypedInput(root, 'q');
  // so can the application step's fields: the app's picture starts from them, and the form takes them over
  for (const picture of root.querySelectorAll('[data-prerender^="apply "] .step-picture')) captureTypedFields(picture);
  // createRoot clears #root (the prerendered copies) on its first commit
  createRoot(root).render(
    <StrictMode>
      <I18nProvider areas={AREAS} loadRemote={loadMessages}>
        <BrandProvider initial={getSession()?.storeData.brand ?? brandFromQuery(location.search)}>
          <ToastProvider>
            <App />
          </ToastProvider>
        </BrandProvider>
      </I18nProvider>
    </StrictMode>,
  );
});
