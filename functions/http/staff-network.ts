import * as z from 'zod/mini';
import { approveRequest, cleanRequest, declineRequest } from '../../machines/contracts/network.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { readMultipart } from '../platform/multipart.ts';
import { json, ok } from '../platform/response.ts';
import { issuesToFieldErrors, parsePath, readJsonBody } from '../platform/validate.ts';
import { blobsProvider } from '../providers/blobs/provider.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { deleteFile, fileError, readFileForStaff, saveUpload } from '../services/files.ts';
import { DOCUMENT_EXTENSIONS, UPLOAD_MAX_BYTES } from '../services/file-types.ts';
import { oauthClientsDef } from '../services/network/oauth.ts';
import {
  approveStoreApplication,
  declineStoreApplication,
  markStoreApplicationForCleaning,
  storeApplicationsDef,
} from '../services/network/store-applications.ts';
import { requireTenant } from '../services/staff/actor.ts';
import {
  createResource,
  deleteResource,
  formFor,
  listResource,
  showResource,
  t,
  translateErrors,
  type ResourceCtx,
} from '../services/staff/resource.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { staffCtx } from './staff-context.ts';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';

// Route group 'staff-network': Store Applications (list, record, approve / decline / requiring cleaning), OAuth
// clients (client credentials beside the API tokens), and the staff side of the generic file storage.

const appPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const filePath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const MULTIPART_SLACK_BYTES = 64 * 1024;

const query = (ctx: RequestContext) => ctx.event.queryStringParameters ?? {};
const wantsForm = (ctx: RequestContext) => ['true', '1'].includes(query(ctx)._form ?? '');
const paged = (result: { data: unknown[]; meta: unknown }): HttpResult =>
  json(200, { status: true, code: 200, data: result.data, meta: result.meta } as never);

function body<S extends $ZodType>(c: ResourceCtx, schema: S, ctx: RequestContext): output<S> {
  const raw = readJsonBody(ctx.event);
  const result = safeParse(schema, raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {});
  if (!result.success)
    throw new AppError(
      422,
      'The given data was invalid.',
      translateErrors(c, issuesToFieldErrors(result.error.issues)),
    );
  return result.data;
}

export const handlers: HandlerMap = {
  // ---- Store Applications ----
  async staffStoreApplicationsList(ctx, deps) {
    return paged(await listResource(staffCtx(ctx, deps), storeApplicationsDef, query(ctx)));
  },
  async staffStoreApplicationsShow(ctx, deps) {
    return ok(await showResource(staffCtx(ctx, deps), storeApplicationsDef, parsePath(appPath, ctx.event).id));
  },
  async staffStoreApplicationsApprove(ctx, deps) {
    const c = staffCtx(ctx, deps);
    return ok(
      await approveStoreApplication(c, parsePath(appPath, ctx.event).id, body(c, approveRequest, ctx)),
      t(c, 'network.apps.approved'),
    );
  },
  async staffStoreApplicationsDecline(ctx, deps) {
    const c = staffCtx(ctx, deps);
    return ok(
      await declineStoreApplication(c, parsePath(appPath, ctx.event).id, body(c, declineRequest, ctx)),
      t(c, 'network.apps.declined'),
    );
  },
  async staffStoreApplicationsClean(ctx, deps) {
    const c = staffCtx(ctx, deps);
    return ok(
      await markStoreApplicationForCleaning(c, parsePath(appPath, ctx.event).id, body(c, cleanRequest, ctx)),
      t(c, 'network.apps.cleaned'),
    );
  },

  // ---- OAuth clients ----
  async staffOAuthClientsList(ctx, deps) {
    const c = staffCtx(ctx, deps);
    if (wantsForm(ctx)) return ok(await formFor(c, oauthClientsDef));
    return paged(await listResource(c, oauthClientsDef, query(ctx)));
  },
  async staffOAuthClientsCreate(ctx, deps) {
    const c = staffCtx(ctx, deps);
    const raw = readJsonBody(ctx.event);
    return ok(
      await createResource(
        c,
        oauthClientsDef,
        raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {},
      ),
      t(c, 'network.oauth.created'),
    );
  },
  async staffOAuthClientsDelete(ctx, deps) {
    const c = staffCtx(ctx, deps);
    await deleteResource(c, oauthClientsDef, parsePath(appPath, ctx.event).id);
    return ok(null, t(c, 'network.oauth.revoked'));
  },

  // ---- files ----
  async staffFilesUpload(ctx, deps) {
    const c = staffCtx(ctx, deps);
    const form = await readMultipart(ctx.event, {
      maxBytes: UPLOAD_MAX_BYTES + MULTIPART_SLACK_BYTES,
      tooLarge: fileError(ctx.lang, 'network.file.tooLarge'),
      notMultipart: fileError(ctx.lang, 'network.file.required'),
    });
    if (!form.file) throw fileError(ctx.lang, 'network.file.required');
    const actor = c.actor;
    // The file belongs to the uploader's current store or retailer (system users: global).
    const tenant =
      actor.guard === 'store'
        ? { storeIds: [actor.storeContext ?? actor.storeIds[0] ?? 'none'] }
        : actor.guard === 'retailer'
          ? { retailerIds: [actor.retailerContext ?? actor.retailerIds[0] ?? 'none'] }
          : {};
    const file = await saveUpload(deps, {
      purpose: 'staff-uploads',
      owner: `user:${actor.userId}`,
      originalName: form.file.name,
      contentType: form.file.type,
      bytes: form.file.bytes,
      allowed: DOCUMENT_EXTENSIONS,
      maxBytes: UPLOAD_MAX_BYTES,
      tenant,
      createdBy: actor.userId,
      lang: ctx.lang,
    });
    return ok(file);
  },
  async staffFilesShow(ctx, deps): Promise<HttpResult> {
    const { id } = parsePath(filePath, ctx.event);
    const found = await readFileForStaff(deps, ctx.staff!.actor, ctx.staff!.ip, id, ctx.lang);
    const name = found.item.original_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return {
      statusCode: 200,
      headers: {
        'content-type': found.contentType,
        'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(found.item.original_name)}`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      },
      body: found.bytes.toString('base64'),
      isBase64Encoded: true,
    };
  },
  async staffFilesDelete(ctx, deps) {
    const { id } = parsePath(filePath, ctx.event);
    const q = query(ctx);
    const raw = readJsonBody(ctx.event);
    const b = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const token = String(b.token ?? q.token ?? '');
    const session = ctx.staff!;
    await deleteFile(deps, id, token, ctx.lang, async (item) => {
      if (item.created_by !== session.actor.userId)
        await requireTenant(deps, session.actor, session.ip, item.tenant, `file:${id}`);
    });
    return ok(null, t({ lang: ctx.lang }, 'network.file.deleted'));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ blobs: blobsProvider, messaging: messagingProvider }));
