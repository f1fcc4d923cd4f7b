import { addressesProvider } from './address/provider.ts';
import { bankLinkProvider } from './bank-link/provider.ts';
import { bureauProvider } from './bureau/provider.ts';
import { cardVaultProvider } from './card-vault/provider.ts';
import { esignProvider } from './esign/provider.ts';
import { identityProvider } from './identity/provider.ts';
import { messagingProvider } from './messaging/provider.ts';
import { payrollProvider } from './payroll/provider.ts';
import { retailPartnerProvider } from './retail-partner/provider.ts';
import { routingProvider } from './routing/provider.ts';
import { blobsProvider } from './blobs/provider.ts';
import { achProvider } from './ach/provider.ts';
import type { ProviderFactory, ProviderKey } from './wiring.ts';

/** Every port's provider: the set of a process that serves every route group (`npm start`, tests, benchmarks). */
export const ALL_PROVIDERS: { readonly [K in ProviderKey]: ProviderFactory<K> } = {
  messaging: messagingProvider,
  routing: routingProvider,
  addresses: addressesProvider,
  bureau: bureauProvider,
  bankLink: bankLinkProvider,
  identity: identityProvider,
  payroll: payrollProvider,
  esign: esignProvider,
  cardVault: cardVaultProvider,
  retailPartner: retailPartnerProvider,
  blobs: blobsProvider,
  ach: achProvider,
};
