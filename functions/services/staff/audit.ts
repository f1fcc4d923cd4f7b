import { AUDIT_TYPES, listAudit } from '../../data/staff/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { pageMeta, parsePaging, t, type ResourceCtx } from './resource.ts';

/** GET /staff/api/audit: newest first; filters type and user. */
export async function listAuditPage(c: ResourceCtx, query: Record<string, string | undefined>) {
  const { page, limit } = parsePaging(c, query, ['at'], 'at', true);
  const type = query.type || undefined;
  if (type !== undefined && !(AUDIT_TYPES as readonly string[]).includes(type)) {
    throw new AppError(422, 'The given data was invalid.', {
      type: [t(c, 'staff.validation.inList', { field: 'type' })],
    });
  }
  const user = query.user || undefined;
  if (user !== undefined && user.length > 200)
    throw new AppError(422, 'The given data was invalid.', { user: [t(c, 'staff.validation.tooLong')] });
  const result = await listAudit(c.deps.db, { page, limit, type, userId: user, now: c.deps.clock() });
  return {
    data: result.rows,
    meta: {
      ...pageMeta(result.total, page, limit, result.rows.length),
      filters: [
        {
          type: 'select',
          name: 'type',
          label: t(c, 'staff.field.auditType'),
          options: AUDIT_TYPES.map((v) => ({ value: v, text: v })),
          value: type ?? null,
        },
        { type: 'input', name: 'user', label: t(c, 'staff.field.user'), value: user ?? null },
      ],
    },
  };
}
