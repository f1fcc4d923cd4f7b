// Our inbound webhooks of the checkout vendors (e-sign, card vault); served by the 'webhooks' route group.
// Deployed in every stage (auth 'public': the signature on the raw body is the authentication). The sandbox vendors
// and the real ones (DocuSign Connect, Stripe) call the same endpoints; see the providers' webhook.ts.
import { receiveCardVaultWebhook } from '../services/card-vault-callbacks.ts';
import { receiveEsignWebhook } from '../services/esign-callbacks.ts';
import { ok } from '../platform/response.ts';
import type { HandlerMap } from './route.ts';

export const checkoutWebhooks: HandlerMap = {
  async esignWebhook(ctx, deps) {
    return ok(await receiveEsignWebhook(deps, ctx.event));
  },

  async cardVaultWebhook(ctx, deps) {
    return ok(await receiveCardVaultWebhook(deps, ctx.event));
  },
};
