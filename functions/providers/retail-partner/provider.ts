import { providerFactory } from '../wiring.ts';
import { httpRetailPartner } from './http.ts';
import { sandboxRetailPartner } from './sandbox.ts';

/** Retail partner (delivery options): the HTTP partner when RETAIL_PARTNER_PROVIDER=http, else the sandbox. */
export const retailPartnerProvider = providerFactory<'retailPartner'>((ctx) => {
  const http = ctx.config.checkoutVendors.retailPartner.http;
  return http ? httpRetailPartner(http) : sandboxRetailPartner(ctx);
});
