import { bankLinkProvider } from '../providers/bank-link/provider.ts';
import { identityProvider } from '../providers/identity/provider.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { payrollProvider } from '../providers/payroll/provider.ts';
import type { ProviderFactories } from '../providers/wiring.ts';

/**
 * The verification flows' vendors (bank link, identity check, payroll, and the messaging that sends their links): the
 * flows' own group, the webhooks that finish them and the sandbox's vendor pages each drive the same flows, so each
 * Lambda function names this one set.
 */
export const verificationFlowProviders = {
  bankLink: bankLinkProvider,
  identity: identityProvider,
  messaging: messagingProvider,
  payroll: payrollProvider,
} satisfies ProviderFactories;
