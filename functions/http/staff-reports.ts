import * as z from 'zod/mini';
import { reportQuery } from '../../machines/contracts/reports.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { download, json } from '../platform/response.ts';
import { parsePath, parseQuery } from '../platform/validate.ts';
import { reportCsv, reportFileName, resolveQuery, runReport, type ReportCtx } from '../services/reports.ts';
import { reportXlsx, XLSX_CONTENT_TYPE } from '../services/report-xlsx.ts';
import { servicingDay } from '../services/servicing/servicing-day.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';

// Route group 'staff-reports' (issue 11 part 4): GET /staff/api/reports/{report}?from=&to=&group=&by=&format=.
// Thin: validate the query, run the report from the pre-aggregated counters, answer JSON, CSV or xlsx.

const reportPath = z.object({ report: z.string().check(z.minLength(1), z.maxLength(60)) });

export const handlers: HandlerMap = {
  // Issue 23: the dashboard's servicing day (due, collected and failed today, the queue by bucket, ACH alerts).
  async staffServicingDay(ctx, deps) {
    return json(200, {
      status: true,
      code: 200,
      data: await servicingDay({ deps, actor: ctx.staff!.actor, lang: ctx.lang }),
    });
  },
  async staffReport(ctx, deps) {
    const { report } = parsePath(reportPath, ctx.event);
    const c: ReportCtx = { deps, actor: ctx.staff!.actor, lang: ctx.lang };
    const q = await resolveQuery(c, report, parseQuery(reportQuery, ctx.event));
    const answer = await runReport(c, q);
    if (q.format === 'csv') return download('text/csv; charset=utf-8', reportFileName(q, 'csv'), reportCsv(c, answer));
    if (q.format === 'xlsx') {
      const bytes = await reportXlsx(answer, (v) => translate(ctx.lang, v ? 'staff.option.yes' : 'staff.option.no'));
      return download(XLSX_CONTENT_TYPE, reportFileName(q, 'xlsx'), bytes);
    }
    return json(200, { status: true, code: 200, data: answer.data, meta: answer.meta } as never);
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
