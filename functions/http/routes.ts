import type { RouteDef } from './route.ts';

// THE route table: read by the local server (to serve requests) and by infra/ (to build the HTTP API).
// Each group is one Lambda function: functions/http/<group>.ts exports its handlers and its Lambda entry.
export const routes: readonly RouteDef[] = [
  // system
  { method: 'GET', path: '/health', group: 'system', name: 'health', auth: 'public' },
  { method: 'GET', path: '/keep-alive', group: 'system', name: 'keepAlive', auth: 'public' },
  { method: 'POST', path: '/system/translation', group: 'system', name: 'translation', auth: 'public' },

  // shopper: stores and apply session
  { method: 'GET', path: '/apply-v2/stores', group: 'apply', name: 'searchStores', auth: 'public' },
  { method: 'GET', path: '/apply-v2/retailer/{retailer}/store/{store}', group: 'apply', name: 'getStore', auth: 'public' },
  { method: 'POST', path: '/apply-v2/retailer/{retailer}/store/{store}/initiate', group: 'apply', name: 'initiate', auth: 'public' },
  { method: 'GET', path: '/apply-v2/session', group: 'apply', name: 'session', auth: 'apply' },

  // shopper lookups: addresses, zip codes, bank routing numbers
  { method: 'GET', path: '/api/v1/addresses/suggestions', group: 'lookups', name: 'addressSuggestions', auth: 'apply' },
  { method: 'GET', path: '/api/v1/addresses/place/{placeId}', group: 'lookups', name: 'addressPlace', auth: 'apply' },
  { method: 'POST', path: '/api/v1/addresses/zip', group: 'lookups', name: 'zipLookup', auth: 'apply' },
  { method: 'GET', path: '/{brand}/system/applications/banking/routing', group: 'lookups', name: 'routingLookup', auth: 'apply' },

  // sandbox vendors (local and non-production only)
  { method: 'GET', path: '/sandbox/messages', group: 'sandbox', name: 'messages', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/messages.html', group: 'sandbox', name: 'messagesPage', auth: 'sandbox' },
];

export const groups = [...new Set(routes.map((r) => r.group))];
