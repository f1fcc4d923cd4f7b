import type { StaffMe } from '../../../machines/contracts/staff.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { getStoreById } from '../../data/stores.ts';
import { findUserByLogin, getUser, type UserItem } from '../../data/users.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { staffSecurity } from '../../platform/staff-config.ts';
import {
  consumeResetToken,
  createStaffSession,
  deleteStaffSession,
  issueResetToken,
  sessionExpiry,
  setSessionStoreContext,
} from '../../platform/staff-sessions.ts';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from '../../platform/staff-throttle.ts';
import type { StaffActor, StaffSession } from '../../platform/staff-types.ts';
import { actorOf, audit, deny } from './actor.ts';
import { getRetailerRecord } from './resources/retailers.ts';
import { recordLastLogin, updateUserRecord } from './resources/users.ts';
import { checkPasswordPolicy, requireAllowedIp, staffSecurityInForce } from './rules-settings.ts';

export const WRONG_CREDENTIALS = 'staff.auth.wrongCredentials';
export const ACCOUNT_INACTIVE = 'staff.auth.inactive';

// A hash to verify against when the user does not exist, so that the answer takes as long either way.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('not-a-real-password-' + Math.random()));

export interface LoginResult {
  sessionId: string;
  csrfToken: string;
  maxAge: number;
  me: StaffMe;
}

export async function login(
  deps: Deps,
  input: { username: string; password: string; ip: string; userAgent: string; lang: Lang },
): Promise<LoginResult> {
  const config = await staffSecurityInForce(deps);
  const now = deps.clock();
  const login = input.username.trim();
  // Security Settings: outside the IP allow-list nobody signs in (403 with a clear message, audited).
  await requireAllowedIp(deps, input.ip);
  const wait = await loginRetryAfter(deps.db, login, input.ip, now, config);
  if (wait > 0) {
    await audit(deps, 'login.throttled', { ip: input.ip, target: login.slice(0, 254) });
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw new AppError(429, translate(input.lang, 'staff.auth.throttled', { minutes }), undefined, {
      retry_after: wait,
    });
  }
  const user = await findUserByLogin(deps.db, login, now);
  const usable = user && !user.deleted_at;
  const valid = await verifyPassword(input.password, usable ? user.password_hash : await timingDummy());
  if (!usable || !valid) {
    await recordLoginFailure(deps.db, login, input.ip, now, config);
    await audit(deps, 'login.failed', {
      actor: usable ? { userId: user.id, username: user.username } : null,
      ip: input.ip,
      target: login.slice(0, 254),
    });
    throw new AppError(401, WRONG_CREDENTIALS);
  }
  if (!user.active) {
    // Only told once the password is right, so that it gives nothing away.
    await audit(deps, 'login.failed', {
      actor: { userId: user.id, username: user.username },
      ip: input.ip,
      detail: { reason: 'inactive' },
    });
    throw new AppError(403, ACCOUNT_INACTIVE);
  }
  await clearLoginFailures(deps.db, login);
  const session = await createStaffSession(
    deps.db,
    { userId: user.id, ip: input.ip, userAgent: input.userAgent },
    now,
    config,
  );
  await recordLastLogin(deps, user.id, now);
  const actor = await actorOf(deps, user, {});
  await audit(deps, 'login.success', { actor, ip: input.ip });
  const t = Math.floor(now.getTime() / 1000);
  return { ...session, me: await describeMe(deps, actor, sessionExpiry(t, t, config)) };
}

export async function logout(deps: Deps, session: StaffSession) {
  await deleteStaffSession(deps.db, session.sessionHash);
  await audit(deps, 'logout', { actor: session.actor, ip: session.ip });
}

export async function describeMe(deps: Deps, actor: StaffActor, expiresAt: number): Promise<StaffMe> {
  const now = deps.clock();
  const stores = (await Promise.all(actor.storeIds.map((id) => getStoreById(deps.db, id, now)))).flatMap((s) =>
    s ? [{ id: s.view.id, name: s.view.name, slug: s.view.slug, retailer_id: s.view.retailer.id }] : [],
  );
  const retailers = (await Promise.all(actor.retailerIds.map((id) => getRetailerRecord(deps, id)))).flatMap((r) =>
    r ? [{ id: r.id, name: r.name, slug: r.slug }] : [],
  );
  let context: StaffMe['store_context'] = stores.find((s) => s.id === actor.storeContext) ?? null;
  if (!context && actor.storeContext) {
    const s = await getStoreById(deps.db, actor.storeContext, now);
    if (s) context = { id: s.view.id, name: s.view.name, slug: s.view.slug, retailer_id: s.view.retailer.id };
  }
  return {
    user: {
      id: actor.userId,
      username: actor.username,
      email: actor.email,
      display_name: actor.displayName,
      super_admin: actor.superAdmin,
    },
    guard: actor.guard,
    roles: actor.roleIds.map((id, i) => ({ id, name: actor.roleNames[i]! })),
    permissions: [...actor.permissions].sort(),
    stores,
    retailers,
    store_context: context,
    retailer_context: actor.retailerContext ?? null,
    session: { idle_seconds: (await staffSecurityInForce(deps)).idleSeconds, expires_at: expiresAt },
  };
}

export async function me(deps: Deps, session: StaffSession): Promise<StaffMe> {
  const config = await staffSecurityInForce(deps);
  const t = Math.floor(deps.clock().getTime() / 1000);
  return describeMe(deps, session.actor, sessionExpiry(session.issuedAt, t, config));
}

/** Set Store Context / Switch Store: a store the user may act for (its own, or one of its retailers' stores). */
export async function setStoreContext(deps: Deps, session: StaffSession, storeId: string): Promise<StaffMe> {
  const { actor } = session;
  const store = await getStoreById(deps.db, storeId, deps.clock());
  if (!store) throw unprocessable({ store_id: ['staff.validation.storeNotFound'] }, 'staff.validation.storeNotFound');
  const allowed =
    actor.guard === 'system' ||
    (actor.guard === 'store' && actor.storeIds.includes(store.view.id)) ||
    (actor.guard === 'retailer' && actor.retailerIds.includes(store.view.retailer.id));
  if (!allowed) await deny(deps, actor, session.ip, `store:${storeId}`, 'store-context');
  await setSessionStoreContext(deps.db, session.sessionHash, store.view.id, store.view.retailer.id);
  const user = await getUser(deps.db, actor.userId, deps.clock());
  const next = await actorOf(deps, user!, { storeId: store.view.id, retailerId: store.view.retailer.id });
  return me(deps, { ...session, actor: next });
}

/** Always answers the same (no account enumeration); sends a single-use 1-hour link when the account exists. */
export async function forgotPassword(deps: Deps, email: string, ip: string, lang: Lang) {
  const now = deps.clock();
  const user = await findUserByLogin(deps.db, email, now);
  if (!user || user.deleted_at || !user.active) {
    await audit(deps, 'password.reset', { ip, target: email.slice(0, 254), detail: { sent: false } });
    return;
  }
  const token = await issueResetToken(deps.db, user.id, now, staffSecurity());
  const link = `${deps.config.publicUrl}/staff/#/password/reset?token=${encodeURIComponent(token)}`;
  await deps.providers.messaging.send({
    channel: 'email',
    to: user.email,
    subject: translate(lang, 'staff.auth.resetMailSubject'),
    body: translate(lang, 'staff.auth.resetMailBody', { name: user.display_name, link }),
    purpose: 'password-reset',
  });
  await audit(deps, 'password.reset', {
    actor: { userId: user.id, username: user.username },
    ip,
    detail: { sent: true },
  });
}

async function setPassword(deps: Deps, user: UserItem, password: string): Promise<number> {
  const now = deps.clock();
  await updateUserRecord(deps, user.id, {
    password_hash: await hashPassword(password),
    // Every session issued before now ends (the current one is re-issued by the caller when it should live on).
    sessions_valid_after: now.getTime(),
  });
  return now.getTime();
}

export async function resetPassword(deps: Deps, token: string, password: string, ip: string) {
  const userId = await consumeResetToken(deps.db, token, deps.clock());
  const user = userId ? await getUser(deps.db, userId, deps.clock()) : undefined;
  if (!user || user.deleted_at) throw unprocessable({ token: ['staff.auth.resetInvalid'] }, 'staff.auth.resetInvalid');
  await checkPasswordPolicy(deps, password);
  await setPassword(deps, user, password);
  await clearLoginFailures(deps.db, user.username);
  await audit(deps, 'password.changed', {
    actor: { userId: user.id, username: user.username },
    ip,
    detail: { via: 'reset' },
  });
}

/** Changes the signed-in user's password; other sessions end, this one is replaced by a fresh session. */
export async function changePassword(
  deps: Deps,
  session: StaffSession,
  input: { current: string; password: string; userAgent: string },
): Promise<{ sessionId: string; csrfToken: string; maxAge: number }> {
  const user = await getUser(deps.db, session.actor.userId, deps.clock());
  if (!user || !(await verifyPassword(input.current, user.password_hash))) {
    throw unprocessable({ current_password: ['staff.auth.wrongCurrentPassword'] }, 'staff.auth.wrongCurrentPassword');
  }
  await checkPasswordPolicy(deps, input.password);
  const validAfter = await setPassword(deps, user, input.password);
  await deleteStaffSession(deps.db, session.sessionHash);
  // Issued after sessions_valid_after, so the new session is not caught by it.
  const later = new Date(Math.max(deps.clock().getTime(), validAfter + 1));
  const fresh = await createStaffSession(
    deps.db,
    { userId: user.id, ip: session.ip, userAgent: input.userAgent },
    later,
    await staffSecurityInForce(deps),
  );
  await audit(deps, 'password.changed', { actor: session.actor, ip: session.ip, detail: { via: 'change' } });
  return fresh;
}
