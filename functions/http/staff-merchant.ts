import { posItemsDef, posOrdersDef } from '../services/merchant/pos.ts';
import { pickupsDef, pickupTxDef } from '../services/merchant/pickups.ts';
import { retailerMap } from '../services/merchant/retailer-map.ts';
import { retentionDef, retentionEntriesDef } from '../services/merchant/retention.ts';
import type { ResourceDef, ResourceRecord } from '../services/staff/resource.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';
import { ALL_VERBS, paged, queryOf, staffCrud, type CrudVerb } from './staff-crud.ts';
import { staffCtx } from './staff-context.ts';

// Route group 'staff-merchant' (issue 12): the merchant network. POS items and orders, pick-ups and their
// transactions, retention money (accounts per store and their entries) through the generic staff resource layer,
// and the Retailer Map's markers. Thin: validate the path and body, call the service, answer the envelope.

const rc = staffCtx;
const query = queryOf;
const FULL = ALL_VERBS;
const crud = <R extends ResourceRecord>(prefix: string, def: ResourceDef<R>, verbs: readonly CrudVerb[]) =>
  staffCrud(prefix, def, { verbs });

export const handlers: HandlerMap = {
  ...crud('staffPosItems', posItemsDef, FULL),
  ...crud('staffPosOrders', posOrdersDef, FULL),
  ...crud('staffPickups', pickupsDef, ['List', 'Show', 'Create', 'Update', 'UpdateForm']),
  ...crud('staffPickupTransactions', pickupTxDef, ['List', 'Show', 'Create']),
  ...crud('staffRetention', retentionDef, ['List', 'Show', 'Create', 'Update', 'UpdateForm']),
  ...crud('staffRetentionEntries', retentionEntriesDef, ['List', 'Show', 'Create']),
  async staffRetailerMap(ctx, deps) {
    return paged(await retailerMap(rc(ctx, deps), query(ctx)));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
