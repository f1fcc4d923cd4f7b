import * as z from 'zod/mini';
import type { Deps } from '../platform/deps.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { json, ok } from '../platform/response.ts';
import { parsePath, readJsonBody } from '../platform/validate.ts';
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
import type { HandlerMap, RequestContext } from './route.ts';
import { staffCtx } from './staff-context.ts';

// The handlers of a staff resource (functions/services/staff/resource.ts) for every route group that serves some:
// list (or its form with `_form=true`), show (or its form), create, update (PUT and the form's POST), delete.

export const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
export const queryOf = (ctx: RequestContext) => ctx.event.queryStringParameters ?? {};
export const wantsForm = (ctx: RequestContext) => ['true', '1'].includes(queryOf(ctx)._form ?? '');
export const jsonBodyOf = (ctx: RequestContext) => {
  const body = readJsonBody(ctx.event);
  return body === null || typeof body !== 'object' || Array.isArray(body) ? {} : bodyOf(body);
};
/** The paged list shape of seed 001: rows in `data`, paging in `meta`. */
export const paged = (result: { data: unknown[]; meta: unknown }): HttpResult =>
  json(200, { status: true, code: 200, data: result.data, meta: result.meta } as never);

export type CrudVerb = 'List' | 'Show' | 'Create' | 'Update' | 'UpdateForm' | 'Delete';
export const ALL_VERBS: readonly CrudVerb[] = ['List', 'Show', 'Create', 'Update', 'UpdateForm', 'Delete'];

export function staffCrud<R extends ResourceRecord>(
  prefix: string,
  def: ResourceDef<R>,
  options: { verbs?: readonly CrudVerb[]; beforeList?: (deps: Deps) => Promise<unknown> } = {},
): HandlerMap {
  const saved = (c: ResourceCtx, key: string) => t(c, key, { resource: t(c, def.noun) });
  const update = async (ctx: RequestContext, deps: Deps) => {
    const c = staffCtx(ctx, deps);
    return ok(
      await updateResource(c, def, parsePath(idPath, ctx.event).id, jsonBodyOf(ctx)),
      saved(c, 'staff.resource.updated'),
    );
  };
  const all: Record<CrudVerb, HandlerMap[string]> = {
    async List(ctx, deps) {
      const c = staffCtx(ctx, deps);
      if (wantsForm(ctx)) return ok(await formFor(c, def));
      await options.beforeList?.(deps);
      return paged(await listResource(c, def, queryOf(ctx)));
    },
    async Show(ctx, deps) {
      const c = staffCtx(ctx, deps);
      const { id } = parsePath(idPath, ctx.event);
      return ok(wantsForm(ctx) ? await formFor(c, def, id) : await showResource(c, def, id));
    },
    async Create(ctx, deps) {
      const c = staffCtx(ctx, deps);
      // 200 (not 201): the toolkit's forms treat status true with code 200 as success (seed 001 section 4).
      return ok(await createResource(c, def, jsonBodyOf(ctx)), saved(c, 'staff.resource.created'));
    },
    Update: update,
    UpdateForm: update,
    async Delete(ctx, deps) {
      const c = staffCtx(ctx, deps);
      await deleteResource(c, def, parsePath(idPath, ctx.event).id);
      return ok(null, saved(c, 'staff.resource.deleted'));
    },
  };
  return Object.fromEntries((options.verbs ?? ALL_VERBS).map((v) => [`${prefix}${v}`, all[v]]));
}
