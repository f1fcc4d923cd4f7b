import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { verificationFlowProviders } from './verification-providers.ts';
import { routingProvider } from '../providers/routing/provider.ts';
import type { HandlerMap } from './route.ts';
import { checkoutWebhooks } from './webhooks-checkout.ts';
import { verificationWebhooks } from './webhooks-verification.ts';

// Every vendor's inbound callbacks: one function, deployed in every stage (each request is signature-checked).
export const handlers: HandlerMap = { ...verificationWebhooks, ...checkoutWebhooks };

export const handler = lambdaHandler(handlers, lambdaDeps({ ...verificationFlowProviders, routing: routingProvider }));
