import * as z from 'zod/mini';
import {
  changePasswordRequest,
  forgotRequest,
  loginRequest,
  resetRequest,
  storeContextRequest,
} from '../../machines/contracts/staff.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Deps } from '../platform/deps.ts';
import { ok } from '../platform/response.ts';
import { clearedCookies, isHttps, sessionCookies } from '../platform/staff-cookies.ts';
import { parseBody, parsePath } from '../platform/validate.ts';
import { listAuditPage } from '../services/staff/audit.ts';
import {
  changePassword,
  forgotPassword,
  login,
  logout,
  me,
  resetPassword,
  setStoreContext,
} from '../services/staff/auth.ts';
import {
  createResource,
  deleteResource,
  t,
  type ResourceDef,
  type ResourceRecord,
} from '../services/staff/resource.ts';
import { mailTemplatesDef } from '../services/staff/resources/mail-templates.ts';
import { changePicklistItem, picklistsDef } from '../services/staff/resources/picklists.ts';
import {
  listPermissions,
  rolePermissionsForm,
  rolesDef,
  updateRolePermissions,
} from '../services/staff/resources/roles.ts';
import { retailersDef } from '../services/staff/resources/retailers.ts';
import { settingsDef } from '../services/staff/resources/settings.ts';
import { storesDef } from '../services/staff/resources/stores.ts';
import { tokensDef } from '../services/staff/resources/tokens.ts';
import { changeUser, usersDef } from '../services/staff/resources/users.ts';
import { clientIp } from '../services/staff/session.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { idPath, jsonBodyOf, paged, queryOf, staffCrud } from './staff-crud.ts';
import { staffCtx } from './staff-context.ts';

// The staff portal's API (seed 001): sign-in and sessions, and every staff resource through the generic layer.
const itemPath = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  item: z.string().check(z.minLength(1), z.maxLength(200)),
});
const unlinkPath = z.object({
  id: z.string().check(z.maxLength(200)),
  type: z.enum(['store', 'retailer']),
  target: z.string().check(z.minLength(1), z.maxLength(200)),
});
const linkBody = z.object({
  type: z.enum(['store', 'retailer'], 'staff.validation.inList'),
  id: z
    .string('staff.validation.required')
    .check(z.minLength(1, 'staff.validation.required'), z.maxLength(200, 'staff.validation.tooLong')),
});

const rc = staffCtx;
const query = queryOf;
const secure = (ctx: RequestContext, deps: Deps) => isHttps(ctx.event, deps.config.publicUrl);
const jsonBody = jsonBodyOf;
const crud = <R extends ResourceRecord>(prefix: string, def: ResourceDef<R>) => staffCrud(prefix, def);

const tokenHandlers = crud('staffTokens', tokensDef);

/** Updates, deletes or restores one item of a pick list; the message names the change ("staff.resource.updated", ...). */
async function changeOnePicklistItem(ctx: RequestContext, deps: Deps, action: 'update' | 'delete' | 'restore') {
  const c = rc(ctx, deps);
  const { id, item } = parsePath(itemPath, ctx.event);
  return ok(
    await changePicklistItem(c, id, action, item, jsonBody(ctx)),
    t(c, `staff.resource.${action}d`, { resource: t(c, 'staff.resource.picklistItem') }),
  );
}

export const handlers: HandlerMap = {
  // ---- sign-in and session ----
  async staffLogin(ctx, deps) {
    const body = parseBody(loginRequest, ctx.event);
    const result = await login(deps, {
      username: body.username,
      password: body.password,
      ip: clientIp(ctx),
      userAgent: ctx.event.headers['user-agent'] ?? '',
      lang: ctx.lang,
    });
    return {
      ...ok(result.me),
      cookies: sessionCookies(result.sessionId, result.csrfToken, result.maxAge, secure(ctx, deps)),
    };
  },

  async staffLogout(ctx, deps) {
    await logout(deps, ctx.staff!);
    return { ...ok(null, translate(ctx.lang, 'staff.auth.loggedOut')), cookies: clearedCookies(secure(ctx, deps)) };
  },

  async staffMe(ctx, deps) {
    return ok(await me(deps, ctx.staff!));
  },

  async staffPasswordForgot(ctx, deps) {
    const { email } = parseBody(forgotRequest, ctx.event);
    await forgotPassword(deps, email, clientIp(ctx), ctx.lang);
    return ok(null, translate(ctx.lang, 'staff.auth.resetSent'));
  },

  async staffPasswordReset(ctx, deps) {
    const body = parseBody(resetRequest, ctx.event);
    await resetPassword(deps, body.token, body.password, clientIp(ctx));
    return ok(null, translate(ctx.lang, 'staff.auth.passwordReset'));
  },

  async staffPasswordChange(ctx, deps) {
    const body = parseBody(changePasswordRequest, ctx.event);
    const fresh = await changePassword(deps, ctx.staff!, {
      current: body.current_password,
      password: body.password,
      userAgent: ctx.event.headers['user-agent'] ?? '',
    });
    return {
      ...ok(null, translate(ctx.lang, 'staff.auth.passwordChanged')),
      cookies: sessionCookies(fresh.sessionId, fresh.csrfToken, fresh.maxAge, secure(ctx, deps)),
    };
  },

  async staffStoreContext(ctx, deps) {
    const { store_id } = parseBody(storeContextRequest, ctx.event);
    return ok(await setStoreContext(deps, ctx.staff!, store_id), translate(ctx.lang, 'staff.auth.storeContextSet'));
  },

  // ---- resources ----
  ...crud('staffUsers', usersDef),
  ...crud('staffRoles', rolesDef),
  ...crud('staffRetailers', retailersDef),
  ...crud('staffStores', storesDef),
  ...crud('staffPicklists', picklistsDef),
  ...crud('staffSettings', settingsDef),
  staffTokensList: tokenHandlers.staffTokensList!,
  staffTokensShow: tokenHandlers.staffTokensShow!,
  async staffTokensCreate(ctx, deps) {
    const c = rc(ctx, deps);
    return ok(await createResource(c, tokensDef, jsonBody(ctx)), t(c, 'staff.token.created'));
  },
  async staffTokensDelete(ctx, deps) {
    const c = rc(ctx, deps);
    const { id } = parsePath(idPath, ctx.event);
    await deleteResource(c, tokensDef, id);
    return ok(null, t(c, 'staff.token.revoked'));
  },
  ...crud('staffMailTemplates', mailTemplatesDef),

  // ---- users: restore, mobile block, links ----
  async staffUsersRestore(ctx, deps) {
    const c = rc(ctx, deps);
    return ok(await changeUser(c, parsePath(idPath, ctx.event).id, 'restore'), t(c, 'staff.user.restored'));
  },
  async staffUsersBlock(ctx, deps) {
    const c = rc(ctx, deps);
    return ok(await changeUser(c, parsePath(idPath, ctx.event).id, 'block'), t(c, 'staff.user.blocked'));
  },
  async staffUsersUnblock(ctx, deps) {
    const c = rc(ctx, deps);
    return ok(await changeUser(c, parsePath(idPath, ctx.event).id, 'unblock'), t(c, 'staff.user.unblocked'));
  },
  async staffUsersLink(ctx, deps) {
    const c = rc(ctx, deps);
    const { id } = parsePath(idPath, ctx.event);
    const body = parseBody(linkBody, ctx.event);
    return ok(await changeUser(c, id, { link: body.type, target: body.id, add: true }), t(c, 'staff.user.linked'));
  },
  async staffUsersUnlink(ctx, deps) {
    const c = rc(ctx, deps);
    const { id, type, target } = parsePath(unlinkPath, ctx.event);
    return ok(await changeUser(c, id, { link: type, target, add: false }), t(c, 'staff.user.unlinked'));
  },

  // ---- roles and permissions ----
  async staffRolePermissionsShow(ctx, deps) {
    return ok(await rolePermissionsForm(rc(ctx, deps), parsePath(idPath, ctx.event).id));
  },
  async staffRolePermissionsUpdate(ctx, deps) {
    const c = rc(ctx, deps);
    return ok(
      await updateRolePermissions(c, parsePath(idPath, ctx.event).id, jsonBody(ctx)),
      t(c, 'staff.permissionsUpdated'),
    );
  },
  async staffRolePermissionsUpdateForm(ctx, deps) {
    const c = rc(ctx, deps);
    return ok(
      await updateRolePermissions(c, parsePath(idPath, ctx.event).id, jsonBody(ctx)),
      t(c, 'staff.permissionsUpdated'),
    );
  },
  async staffPermissionsList(ctx, deps) {
    return paged(listPermissions(rc(ctx, deps), query(ctx)));
  },

  // ---- pick list items ----
  async staffPicklistItemsCreate(ctx, deps) {
    const c = rc(ctx, deps);
    return ok(
      await changePicklistItem(c, parsePath(idPath, ctx.event).id, 'create', undefined, jsonBody(ctx)),
      t(c, 'staff.resource.created', { resource: t(c, 'staff.resource.picklistItem') }),
    );
  },
  staffPicklistItemsUpdate: (ctx, deps) => changeOnePicklistItem(ctx, deps, 'update'),
  staffPicklistItemsDelete: (ctx, deps) => changeOnePicklistItem(ctx, deps, 'delete'),
  staffPicklistItemsRestore: (ctx, deps) => changeOnePicklistItem(ctx, deps, 'restore'),

  // ---- audit ----
  async staffAuditList(ctx, deps) {
    return paged(await listAuditPage(rc(ctx, deps), query(ctx)));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ messaging: messagingProvider }));
