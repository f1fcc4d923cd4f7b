// The checkout's third parties (e-sign, card vault, retail partner): a real vendor when configured
// (ESIGN_PROVIDER=docusign, CARD_VAULT_PROVIDER=stripe, RETAIL_PARTNER_PROVIDER=http), else the sandbox.
import type { Db } from '../../data/client.ts';
import type { Config } from '../../platform/config.ts';
import type { Logger } from '../../platform/logger.ts';
import type { CardVaultPort } from '../card-vault/port.ts';
import { sandboxCardVault } from '../card-vault/sandbox.ts';
import { stripeCardVault } from '../card-vault/stripe.ts';
import { httpRetailPartner } from '../retail-partner/http.ts';
import type { RetailPartnerPort } from '../retail-partner/port.ts';
import { sandboxRetailPartner } from '../retail-partner/sandbox.ts';
import { docusignEsign } from './docusign.ts';
import type { EsignPort } from './port.ts';
import { sandboxEsign } from './sandbox.ts';

export interface CheckoutVendorPorts {
  esign: EsignPort;
  cardVault: CardVaultPort;
  retailPartner: RetailPartnerPort;
}

export function checkoutVendorPorts(ctx: { config: Config; db: Db; clock: () => Date; log: Logger }): CheckoutVendorPorts {
  const vendors = ctx.config.checkoutVendors;
  return {
    esign: vendors.esign.docusign ? docusignEsign({ ...vendors.esign.docusign, clock: ctx.clock }) : sandboxEsign(ctx),
    cardVault: vendors.cardVault.stripe ? stripeCardVault({ ...vendors.cardVault.stripe, clock: ctx.clock }) : sandboxCardVault(ctx),
    retailPartner: vendors.retailPartner.http ? httpRetailPartner(vendors.retailPartner.http) : sandboxRetailPartner(ctx),
  };
}
