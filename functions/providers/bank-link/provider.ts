import { providerFactory } from '../wiring.ts';
import { plaidBankLink } from './plaid.ts';
import { createBankLinkSandbox } from './sandbox.ts';
import { tableStateStore } from './table-state.ts';
import { sandboxOptions } from './verification-vendors.ts';

/** Bank link: Plaid when BANK_LINK_PROVIDER=plaid, else the sandbox. */
export const bankLinkProvider = providerFactory<'bankLink'>(
  (ctx) => {
    const messaging = ctx.providers.messaging;
    const vendor = ctx.config.verificationVendors.bankLink;
    if (vendor.provider === 'plaid' && vendor.plaid) {
      return plaidBankLink({
        ...vendor.plaid,
        webhookUrl: () => `${ctx.config.publicUrl}/webhooks/bank-link`,
        state: tableStateStore(ctx.db, ctx.clock, 'plaid'),
        messaging,
        encrypt: (s) => ctx.crypto.encrypt(s),
        decrypt: (s) => ctx.crypto.decrypt(s),
      });
    }
    const { secrets, ...base } = sandboxOptions(ctx, messaging);
    return createBankLinkSandbox({ ...base, webhookSecret: secrets.bankLink }).port;
  },
  ['messaging'],
);
