import type { MessagingPort } from './messaging/port.ts';

/** Every third party the services talk to, each behind its port. */
export interface Providers {
  messaging: MessagingPort;
}
