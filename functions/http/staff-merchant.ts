import * as z from 'zod/mini';
import type { Deps } from '../platform/deps.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { json, ok } from '../platform/response.ts';
import { parsePath, readJsonBody } from '../platform/validate.ts';
import { posItemsDef, posOrdersDef } from '../services/merchant/pos.ts';
import { pickupsDef, pickupTxDef } from '../services/merchant/pickups.ts';
import { retailerMap } from '../services/merchant/retailer-map.ts';
import { retentionDef, retentionEntriesDef } from '../services/merchant/retention.ts';
import {
  bodyOf,
  createResource,
  deleteResource,
  formFor,
  listResource,
  showResource,
  t,
  updateResource,
  type ResourceCtx,
  type ResourceDef,
  type ResourceRecord,
} from '../services/staff/resource.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';

// Route group 'staff-merchant' (issue 12): the merchant network. POS items and orders, pick-ups and their
// transactions, retention money (accounts per store and their entries) through the generic staff resource layer,
// and the Retailer Map's markers. Thin: validate the path and body, call the service, answer the envelope.

const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const rc = (ctx: RequestContext, deps: Deps): ResourceCtx => ({ deps, actor: ctx.staff!.actor, ip: ctx.staff!.ip, lang: ctx.lang });
const query = (ctx: RequestContext) => ctx.event.queryStringParameters ?? {};
const wantsForm = (ctx: RequestContext) => ['true', '1'].includes(query(ctx)._form ?? '');
const jsonBody = (ctx: RequestContext) => {
  const body = readJsonBody(ctx.event);
  return body === null || typeof body !== 'object' || Array.isArray(body) ? {} : bodyOf(body);
};
const paged = (result: { data: unknown[]; meta: unknown }): HttpResult => json(200, { status: true, code: 200, data: result.data, meta: result.meta } as never);

type Verb = 'List' | 'Show' | 'Create' | 'Update' | 'UpdateForm' | 'Delete';

function crud<R extends ResourceRecord>(prefix: string, def: ResourceDef<R>, verbs: readonly Verb[]): HandlerMap {
  const saved = (c: ResourceCtx, key: string) => t(c, key, { resource: t(c, def.noun) });
  const update = async (ctx: RequestContext, deps: Deps) => {
    const c = rc(ctx, deps);
    const { id } = parsePath(idPath, ctx.event);
    return ok(await updateResource(c, def, id, jsonBody(ctx)), saved(c, 'staff.resource.updated'));
  };
  const all: Record<Verb, HandlerMap[string]> = {
    async List(ctx, deps) {
      const c = rc(ctx, deps);
      if (wantsForm(ctx)) return ok(await formFor(c, def));
      return paged(await listResource(c, def, query(ctx)));
    },
    async Show(ctx, deps) {
      const c = rc(ctx, deps);
      const { id } = parsePath(idPath, ctx.event);
      return ok(wantsForm(ctx) ? await formFor(c, def, id) : await showResource(c, def, id));
    },
    async Create(ctx, deps) {
      const c = rc(ctx, deps);
      return ok(await createResource(c, def, jsonBody(ctx)), saved(c, 'staff.resource.created'));
    },
    Update: update,
    UpdateForm: update,
    async Delete(ctx, deps) {
      const c = rc(ctx, deps);
      const { id } = parsePath(idPath, ctx.event);
      await deleteResource(c, def, id);
      return ok(null, saved(c, 'staff.resource.deleted'));
    },
  };
  return Object.fromEntries(verbs.map((v) => [`${prefix}${v}`, all[v]]));
}

const FULL: readonly Verb[] = ['List', 'Show', 'Create', 'Update', 'UpdateForm', 'Delete'];

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
