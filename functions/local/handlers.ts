import type { HandlerMap, RouteGroup } from '../http/route.ts';
import { handlers as apply } from '../http/apply.ts';
import { handlers as lookups } from '../http/lookups.ts';
import { handlers as sandbox } from '../http/sandbox.ts';
import { handlers as system } from '../http/system.ts';

// Every route group's handlers, as the Lambda functions have them (the local server calls the same code).
export const groupHandlers: Record<RouteGroup, HandlerMap> = { system, apply, sandbox, lookups };
