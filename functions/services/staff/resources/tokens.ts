import { randomBytes, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { apiTokenKey, hashApiToken, putApiToken } from '../../../data/api-tokens.ts';
import { createItem, saveVersioned, type StoredItem } from '../../../data/items.ts';
import { getRecord, recordKey } from '../../../data/staff/records.ts';
import { AppError } from '../../../platform/errors.ts';
import { auditBy, requireTenant } from '../actor.ts';
import { field, parseFor, section, t, type ResourceCtx, type ResourceDef } from '../resource.ts';
import { ownerFilter } from '../filters.ts';
import { credentialFields, credentialLife } from './credentials.ts';
import { getRetailerRecord } from './retailers.ts';

// Retailer API tokens: the token is shown once at creation and stored only as its SHA-256 (functions/data/api-tokens.ts);
// a reference item (pk APITOKENREF#id) carries what staff lists show and the hash, so the token can be revoked by id.
export interface TokenRefItem extends StoredItem {
  id: string;
  name: string;
  retailer_id: string;
  retailer_name: string;
  last_four: string;
  hash: string;
  created_at: string;
  created_by: string;
  revoked_at: string | null;
  /** Absent on tokens made before modes existed: those are live. */
  mode?: TokenMode;
}

export const TOKEN_MODES = ['test', 'live'] as const;
export type TokenMode = (typeof TOKEN_MODES)[number];
/** Test and live tokens are told apart at a glance (and by a retailer's secret scanner): rt_test_... / rt_live_... */
export const newApiToken = (mode: TokenMode) => `rt_${mode}_${randomBytes(32).toString('base64url')}`;

const NOUN = 'staff.resource.token';
const row = (r: TokenRefItem) => ({
  id: r.id,
  name: r.name,
  retailer_id: r.retailer_id,
  retailer_name: r.retailer_name,
  last_four: r.last_four,
  mode: r.mode ?? 'live',
  ...credentialLife(r),
});

const createBody = z.object({
  ...credentialFields,
  mode: z.optional(z.enum(TOKEN_MODES, 'staff.validation.inList')),
});

const unableToCreate = (c: ResourceCtx, errors?: Record<string, string[]>) =>
  new AppError(422, t(c, 'staff.token.unableToCreate'), errors);
const unableToRevoke = (c: ResourceCtx, status = 422) => new AppError(status, t(c, 'staff.token.unableToRevoke'));

export const tokensDef: ResourceDef<TokenRefItem> = {
  path: 'tokens',
  noun: NOUN,
  entity: 'apiToken',
  sortFields: ['name', 'created_at'],
  defaultSort: 'created_at',
  defaultDesc: true,
  filters: [ownerFilter('retailer', 'staff.field.retailer_id')],
  rowPk: (id) => recordKey('APITOKENREF', id).pk,
  load: (c, id) => getRecord<TokenRefItem>(c.deps.db, 'APITOKENREF', id, c.deps.clock()),
  row,
  scopes: (r) => ['*', `retailer=${r.retailer_id}`],
  tenant: (r) => ({ retailerIds: [r.retailer_id] }),
  // `token` only in the answer to the create (shown once, never stored in clear).
  view: (_c, r) => ({ ...row(r), v: r.v, ...(typeof r.plain_token === 'string' ? { token: r.plain_token } : {}) }),
  form: async (c) => ({
    title: 'staff.form.newToken',
    action: '/staff/api/tokens',
    params: {},
    values: { retailer_id: c.actor.guard === 'retailer' ? (c.actor.retailerContext ?? null) : null, mode: 'test' },
    buttons: [{ type: 'submit', label: 'staff.form.createToken' }],
    children: [
      section('staff.section.token', [
        field('input', 'name', { required: true, max: 100 }),
        field('select', 'retailer_id', {
          required: true,
          url: '/staff/api/retailers',
          valueKey: 'id',
          textKey: 'name',
        }),
        field('radio', 'mode', {
          required: true,
          options: TOKEN_MODES.map((m) => ({ value: m, text: `staff.token.mode.${m}` })),
          hint: 'staff.hint.tokenMode',
        }),
        { type: 'content', content: 'staff.token.shownOnce' },
      ]),
    ],
  }),
  async create(c, input) {
    let b: z.infer<typeof createBody>;
    try {
      b = parseFor(c, tokensDef, createBody, input);
    } catch (error) {
      throw unableToCreate(c, error instanceof AppError ? error.errors : undefined);
    }
    const retailer = await getRetailerRecord(c.deps, b.retailer_id);
    if (!retailer || !retailer.active) throw unableToCreate(c, { retailer_id: ['staff.validation.retailerNotFound'] });
    await requireTenant(c.deps, c.actor, c.ip, { retailerIds: [retailer.id] }, `retailer:${retailer.id}`);
    // A new token is a test token unless staff chose live: the safe default for an integration being built.
    const mode: TokenMode = b.mode ?? 'test';
    const token = newApiToken(mode);
    const id = `tok-${randomUUID()}`;
    const now = c.deps.clock().toISOString();
    try {
      await putApiToken(c.deps.db, token, {
        id,
        name: b.name,
        retailerId: retailer.id,
        created_at: now,
        last_four: token.slice(-4),
        mode,
      });
      const ref = (await createItem(c.deps.db, {
        ...recordKey('APITOKENREF', id),
        entity: 'apiTokenRef',
        id,
        name: b.name,
        retailer_id: retailer.id,
        retailer_name: retailer.name,
        last_four: token.slice(-4),
        hash: hashApiToken(token),
        mode,
        created_at: now,
        created_by: c.actor.userId,
        revoked_at: null,
      })) as TokenRefItem;
      await auditBy(c, 'user.changed', `token:${id}`, { action: 'token-create', retailer: retailer.id, mode });
      // Shown once: the plain token travels only in this answer.
      return Object.assign(ref, { plain_token: token });
    } catch (error) {
      c.deps.log.error('token create failed', { error: String(error) });
      throw unableToCreate(c);
    }
  },
  async remove(c, r) {
    if (r.revoked_at) throw unableToRevoke(c);
    const now = c.deps.clock().toISOString();
    try {
      await c.deps.db.doc.send(
        new UpdateCommand({
          TableName: c.deps.db.tableName,
          Key: apiTokenKey(r.hash),
          UpdateExpression: 'SET revoked_at = :t',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revoked_at)',
          ExpressionAttributeValues: { ':t': now },
        }),
      );
    } catch {
      throw unableToRevoke(c);
    }
    const saved = await saveVersioned(c.deps.db, r, { ...r, revoked_at: now });
    await auditBy(c, 'user.changed', `token:${r.id}`, { action: 'token-revoke' });
    return saved;
  },
};
