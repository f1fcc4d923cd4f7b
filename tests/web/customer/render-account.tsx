// Renders the lessee's account as /account/ does (the account and common areas, the brand, hash routing) at a hash.
import { render, type RenderResult } from '@testing-library/react';
import { account } from '../../../machines/i18n/account.ts';
import { common } from '../../../machines/i18n/common.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { BrandProvider } from '../../../web/lib/brand.tsx';
import { I18nProvider } from '../../../web/lib/i18n.tsx';
import { App } from '../../../web/customer/App.tsx';
import { fireEvent } from '@testing-library/react';
import { VAULT_ORIGIN } from '../../../msw/customer-handlers.ts';

const AREAS = [common, account];

export function renderAccount(hash: string, lang: Lang = 'en'): RenderResult {
  history.replaceState(null, '', `/account/${hash}`);
  return render(
    <I18nProvider areas={AREAS} initial={lang}>
      <BrandProvider initial="default">
        <App />
      </BrandProvider>
    </I18nProvider>,
  );
}

/** What the vault's hosted fields post to the page once the lessee typed a card: a token, from the vault's frame. */
export function vaultPosts(frame: HTMLIFrameElement, data: Record<string, unknown>): void {
  const sessionId = new URL(frame.src).pathname.split('/').pop();
  fireEvent(
    window,
    new MessageEvent('message', { data: { sessionId, ...data }, origin: VAULT_ORIGIN, source: frame.contentWindow }),
  );
}
