import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import * as z from 'zod/mini';
import { catalogue } from '../../machines/i18n/catalogue.ts';
import { verifyApplyToken } from '../platform/apply-tokens.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { ok } from '../platform/response.ts';
import { LEASE_D_TS, LEASE_JS } from './assets/lease-js.ts';
import { parseBody } from '../platform/validate.ts';
import { keepAlive } from '../services/apply-session.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';

const translationBody = z.object({ lang: z.enum(['en', 'es'], 'Choose a language: en or es.') });

/** A file any retailer page may load (a script tag needs no CORS; CORP lets pages with COEP load it too). */
const publicFile = (contentType: string, body: string): HttpResult => ({
  statusCode: 200,
  headers: {
    'content-type': contentType,
    'cache-control': 'public, max-age=300',
    'cross-origin-resource-policy': 'cross-origin',
    'x-content-type-options': 'nosniff',
  },
  body,
});

export const handlers: HandlerMap = {
  /** The retailer drop-in (functions/http/assets/lease-js.ts). */
  async leaseJs() {
    return publicFile('text/javascript; charset=utf-8', LEASE_JS);
  },

  async leaseDts() {
    return publicFile('text/plain; charset=utf-8', LEASE_D_TS);
  },

  async health(_ctx, deps) {
    try {
      await deps.db.doc.send(new DescribeTableCommand({ TableName: deps.db.tableName }));
    } catch {
      throw new AppError(503, 'The database is not reachable.');
    }
    return ok({ healthy: true, stage: deps.config.stage });
  },

  /** Keeps the shopper's session (and apply token) alive: the idle warning's Stay Connected. */
  async keepAlive(ctx, deps) {
    if (!ctx.event.headers['x-apply-token']) return ok({ alive: true, expires_at: null });
    const session = await verifyApplyToken(deps.db, ctx.event, deps.clock());
    return ok(await keepAlive(deps, session));
  },

  async translation(ctx) {
    const { lang } = parseBody(translationBody, ctx.event);
    return ok({ lang, messages: catalogue[lang] }, undefined, { headers: { 'cache-control': 'public, max-age=300' } });
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
