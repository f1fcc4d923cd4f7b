import * as z from 'zod/mini';
import {
  scoringDraftRequest,
  scoringPreviewRequest,
  scoringPublishRequest,
  scoringRestoreRequest,
  scoringVersionPath,
} from '../../machines/contracts/scoring-settings.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { json, ok } from '../platform/response.ts';
import { parseBody, parsePath, parseQuery } from '../platform/validate.ts';
import {
  listVersions,
  previewDraft,
  publishDraft,
  restoreVersion,
  saveDraft,
  viewScoringSettings,
} from '../services/scoring-admin.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { staffCtx } from './staff-context.ts';

// Route group 'staff-scoring' (issue 11): the Scoring Settings editors' API. Thin: validate, call
// functions/services/scoring-admin.ts, answer the envelope. Permissions are checked at the edge (STAFF_ROUTE_ACCESS).

const hasBody = (ctx: RequestContext) => Boolean(ctx.event.body && ctx.event.body.trim());

const pageNumber = (fallback: number, max: number) =>
  z.pipe(
    z.optional(z.string().check(z.regex(/^\d{1,6}$/, 'The value must be a valid number.'))),
    z.transform((v) => Math.min(max, Math.max(1, v === undefined ? fallback : Number(v)))),
  );
const versionsQuery = z.looseObject({ page: pageNumber(1, 100_000), limit: pageNumber(25, 100) });

export const handlers: HandlerMap = {
  async staffScoringSettingsShow(ctx, deps) {
    return ok(await viewScoringSettings(staffCtx(ctx, deps)));
  },
  async staffScoringDraftSave(ctx, deps) {
    const body = parseBody(scoringDraftRequest, ctx.event);
    return ok(await saveDraft(staffCtx(ctx, deps), body), translate(ctx.lang, 'scoring.draftSaved'));
  },
  async staffScoringDraftPreview(ctx, deps) {
    const body = hasBody(ctx) ? parseBody(scoringPreviewRequest, ctx.event) : {};
    return ok(await previewDraft(staffCtx(ctx, deps), body.limit));
  },
  async staffScoringDraftPublish(ctx, deps) {
    const body = hasBody(ctx) ? parseBody(scoringPublishRequest, ctx.event) : {};
    return ok(await publishDraft(staffCtx(ctx, deps), body), translate(ctx.lang, 'scoring.published'));
  },
  async staffScoringVersionsList(ctx, deps): Promise<HttpResult> {
    const q = parseQuery(versionsQuery, ctx.event);
    const page = await listVersions(staffCtx(ctx, deps), { page: q.page, limit: q.limit });
    return json(200, { status: true, code: 200, data: page.data, meta: page.meta } as never);
  },
  async staffScoringVersionRestore(ctx, deps) {
    const { id } = parsePath(scoringVersionPath, ctx.event);
    const body = hasBody(ctx) ? parseBody(scoringRestoreRequest, ctx.event) : {};
    return ok(await restoreVersion(staffCtx(ctx, deps), Number(id), body), translate(ctx.lang, 'scoring.restored'));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
