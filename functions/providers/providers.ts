import type { AddressPort } from './address/port.ts';
import type { BureauPort } from './bureau/port.ts';
import type { CardVaultPort } from './card-vault/port.ts';
import type { EsignPort } from './esign/port.ts';
import type { RetailPartnerPort } from './retail-partner/port.ts';
import type { BankLinkPort } from './bank-link/port.ts';
import type { IdentityCheckPort } from './identity/port.ts';
import type { PayrollPort } from './payroll/port.ts';
import type { MessagingPort } from './messaging/port.ts';
import type { RoutingLookupPort } from './routing/port.ts';
import type { BlobStorePort } from './blobs/port.ts';
import type { AchPort } from './ach/port.ts';

/** Every third party the services talk to, each behind its port. */
export interface Providers {
  messaging: MessagingPort;
  routing: RoutingLookupPort;
  addresses: AddressPort;
  bureau: BureauPort;
  bankLink: BankLinkPort;
  identity: IdentityCheckPort;
  payroll: PayrollPort;
  esign: EsignPort;
  cardVault: CardVaultPort;
  retailPartner: RetailPartnerPort;
  blobs: BlobStorePort;
  ach: AchPort;
}
