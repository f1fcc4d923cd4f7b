import { providerFactory } from '../wiring.ts';
import { sandboxMessaging } from './sandbox.ts';

/** SMS and e-mail: the sandbox mailbox (readable at /sandbox/messages). */
export const messagingProvider = providerFactory<'messaging'>((ctx) => sandboxMessaging(ctx.db, ctx.clock));
