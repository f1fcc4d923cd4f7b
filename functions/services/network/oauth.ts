import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

import * as z from 'zod/mini';
import { OAUTH_TOKEN_SECONDS } from '../../../machines/contracts/network.ts';
import { createItem, getItem, saveVersioned, type StoredItem } from '../../data/items.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { accessTokenKey, oauthClientKey, sha256 } from './oauth-tokens.ts';
import { auditBy, requireTenant } from '../staff/actor.ts';
import { field, parseFor, section, t, type ResourceDef } from '../staff/resource.ts';
import { credentialFields, credentialLife } from '../staff/resources/credentials.ts';
import { getRetailerRecord } from '../staff/resources/retailers.ts';

// OAuth access tokens (seed 001 "API access tokens, Oauth access tokens"): a retailer's client credentials (client id
// + secret, the secret shown once and stored as its SHA-256) are exchanged at POST /oauth/token (RFC 6749 4.4) for an
// access token of an hour, which works as a Bearer on /retailer/v1 like an API token. Revoking the client ends its
// tokens at once (each use checks the client).

export interface OAuthClientItem extends StoredItem {
  entity: 'oauthClient';
  id: string;
  name: string;
  retailer_id: string;
  retailer_name: string;
  secret_hash: string;
  created_at: string;
  created_by: string;
  revoked_at: string | null;
}

const row = (r: OAuthClientItem) => ({
  id: r.id,
  client_id: r.id,
  name: r.name,
  retailer_id: r.retailer_id,
  retailer_name: r.retailer_name,
  ...credentialLife(r),
});

const createBody = z.object(credentialFields);

export const oauthClientsDef: ResourceDef<OAuthClientItem> = {
  path: 'oauth-clients',
  noun: 'network.oauth.noun',
  entity: 'oauthClient',
  sortFields: ['name', 'created_at'],
  defaultSort: 'created_at',
  defaultDesc: true,
  filters: [],
  rowPk: (id) => oauthClientKey(id).pk,
  load: (c, id) =>
    /^oc_[A-Za-z0-9_-]{10,40}$/.test(id)
      ? getItem<OAuthClientItem>(c.deps.db, oauthClientKey(id), c.deps.clock())
      : Promise.resolve(undefined),
  row,
  scopes: (r) => ['*', `retailer=${r.retailer_id}`],
  tenant: (r) => ({ retailerIds: [r.retailer_id] }),
  // `client_secret` only in the answer to the create (shown once).
  view: (_c, r) => ({
    ...row(r),
    v: r.v,
    ...(typeof r.plain_secret === 'string' ? { client_secret: r.plain_secret } : {}),
  }),
  form: async (c) => ({
    title: 'network.oauth.new',
    action: '/staff/api/oauth-clients',
    params: {},
    values: { retailer_id: c.actor.guard === 'retailer' ? (c.actor.retailerContext ?? null) : null },
    buttons: [{ type: 'submit', label: 'staff.form.createToken' }],
    children: [
      section('network.oauth.new', [
        field('input', 'name', { label: 'network.oauth.name', required: true, max: 100 }),
        field('select', 'retailer_id', {
          label: 'network.oauth.retailer',
          required: true,
          url: '/staff/api/retailers',
          valueKey: 'id',
          textKey: 'name',
        }),
        { type: 'content', content: 'staff.token.shownOnce' },
      ]),
    ],
  }),
  async create(c, input) {
    const b = parseFor(c, oauthClientsDef, createBody, input);
    const retailer = await getRetailerRecord(c.deps, b.retailer_id);
    if (!retailer || !retailer.active)
      throw new AppError(422, t(c, 'staff.token.unableToCreate'), {
        retailer_id: [t(c, 'staff.validation.retailerNotFound')],
      });
    await requireTenant(c.deps, c.actor, c.ip, { retailerIds: [retailer.id] }, `retailer:${retailer.id}`);
    const id = `oc_${randomUUID().replace(/-/g, '')}`;
    const secret = `ocs_${randomBytes(32).toString('base64url')}`;
    const item = (await createItem(c.deps.db, {
      ...oauthClientKey(id),
      entity: 'oauthClient',
      id,
      name: b.name,
      retailer_id: retailer.id,
      retailer_name: retailer.name,
      secret_hash: sha256(secret),
      created_at: c.deps.clock().toISOString(),
      created_by: c.actor.userId,
      revoked_at: null,
    })) as OAuthClientItem;
    await auditBy(c, 'oauth-client.changed', `oauth-client:${id}`, { action: 'create', retailer: retailer.id });
    return Object.assign(item, { plain_secret: secret });
  },
  async remove(c, r) {
    if (r.revoked_at) throw new AppError(422, t(c, 'staff.token.unableToRevoke'));
    const saved = await saveVersioned(c.deps.db, r, { ...r, revoked_at: c.deps.clock().toISOString() });
    await auditBy(c, 'oauth-client.changed', `oauth-client:${r.id}`, { action: 'revoke' });
    return saved;
  },
};

const same = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** RFC 6749 5.2 error answer. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}

/** client_credentials: answers the access token, or throws OAuthError. */
export async function issueAccessToken(
  deps: Deps,
  input: { grant_type: string; client_id?: string; client_secret?: string },
) {
  if (input.grant_type !== 'client_credentials')
    throw new OAuthError(400, 'unsupported_grant_type', 'Only the client_credentials grant is supported');
  if (!input.client_id || !input.client_secret)
    throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
  const now = deps.clock();
  const client = /^oc_[A-Za-z0-9_-]{10,40}$/.test(input.client_id)
    ? await getItem<OAuthClientItem>(deps.db, oauthClientKey(input.client_id), now)
    : undefined;
  if (!client || client.revoked_at || !same(sha256(input.client_secret), client.secret_hash))
    throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
  const retailer = await getRetailerRecord(deps, client.retailer_id);
  if (!retailer || !retailer.active) throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
  const token = `oat_${randomBytes(32).toString('base64url')}`;
  await createItem(deps.db, {
    ...accessTokenKey(sha256(token)),
    entity: 'oauthAccessToken',
    client_id: client.id,
    retailer_id: client.retailer_id,
    expiresAt: Math.floor(now.getTime() / 1000) + OAUTH_TOKEN_SECONDS,
  });
  return { access_token: token, token_type: 'Bearer', expires_in: OAUTH_TOKEN_SECONDS };
}
