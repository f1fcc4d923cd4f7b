import { getCheckout } from '../data/checkouts.ts';
import { getItem } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import { sandboxCardVault } from '../providers/card-vault/sandbox.ts';
import { envelopeKey, type SandboxEnvelopeItem } from '../providers/esign/sandbox.ts';

// Test mode in production: the sandbox checkout vendors' pages (signing, card fields) are deployed in every stage so
// that a checkout made with a test API token finishes there too, but in production they open only the sandbox
// objects of a test checkout (livemode false). A live checkout's envelope or card session, or one of no checkout, is
// answered as unknown (404), so a sandbox page can never sign or pay for a live lease. Other stages open every
// sandbox object: there live checkouts use the sandbox vendors too, unless a real one is configured.

type PageDeps = Pick<Deps, 'config' | 'db' | 'clock' | 'log'>;

/** Whether this stage opens a sandbox page for the checkout a sandbox object was made for. */
async function opensFor(deps: PageDeps, reference: string | undefined): Promise<boolean> {
  if (!reference) return false;
  const checkout = await getCheckout(deps.db, reference, deps.clock());
  return checkout?.livemode === false;
}

/** The sandbox e-sign envelope's signing pages (page, submit, document) may open here. */
export async function sandboxEnvelopeOpens(deps: PageDeps, envelopeId: string): Promise<boolean> {
  if (!deps.config.production) return true;
  const item = /^[0-9a-f-]{36}$/.test(envelopeId)
    ? await getItem<SandboxEnvelopeItem>(deps.db, envelopeKey(envelopeId), deps.clock())
    : undefined;
  return opensFor(deps, item?.reference);
}

/** The sandbox card vault's session (its hosted fields and tokenize) may open here. */
export async function sandboxVaultSessionOpens(deps: PageDeps, sessionId: string): Promise<boolean> {
  if (!deps.config.production) return true;
  const vault = sandboxCardVault({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log });
  return opensFor(deps, (await vault.session(sessionId))?.reference);
}
