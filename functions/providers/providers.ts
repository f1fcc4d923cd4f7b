import type { AddressPort } from './address/port.ts';
import type { MessagingPort } from './messaging/port.ts';
import type { RoutingLookupPort } from './routing/port.ts';

/** Every third party the services talk to, each behind its port. */
export interface Providers {
  messaging: MessagingPort;
  routing: RoutingLookupPort;
  addresses: AddressPort;
}
