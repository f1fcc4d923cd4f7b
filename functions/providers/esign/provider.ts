import { providerFactory } from '../wiring.ts';
import { docusignEsign } from './docusign.ts';
import { sandboxEsign } from './sandbox.ts';

/** E-sign: DocuSign when ESIGN_PROVIDER=docusign, else the sandbox. */
export const esignProvider = providerFactory<'esign'>((ctx) => {
  const docusign = ctx.config.checkoutVendors.esign.docusign;
  return docusign ? docusignEsign({ ...docusign, clock: ctx.clock }) : sandboxEsign(ctx);
});
