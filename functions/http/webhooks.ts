import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { bankLinkProvider } from '../providers/bank-link/provider.ts';
import { identityProvider } from '../providers/identity/provider.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { payrollProvider } from '../providers/payroll/provider.ts';
import { routingProvider } from '../providers/routing/provider.ts';
import type { HandlerMap } from './route.ts';
import { checkoutWebhooks } from './webhooks-checkout.ts';
import { verificationWebhooks } from './webhooks-verification.ts';

// Every vendor's inbound callbacks: one function, deployed in every stage (each request is signature-checked).
export const handlers: HandlerMap = { ...verificationWebhooks, ...checkoutWebhooks };

export const handler = lambdaHandler(
  handlers,
  lambdaDeps({
    bankLink: bankLinkProvider,
    identity: identityProvider,
    messaging: messagingProvider,
    payroll: payrollProvider,
    routing: routingProvider,
  }),
);
