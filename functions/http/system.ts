import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import * as z from 'zod/mini';
import { catalogue } from '../../machines/i18n/catalogue.ts';
import { verifyApplyToken } from '../platform/apply-tokens.ts';
import { AppError } from '../platform/errors.ts';
import { ok } from '../platform/response.ts';
import { parseBody } from '../platform/validate.ts';
import { keepAlive } from '../services/apply-session.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';

const translationBody = z.object({ lang: z.enum(['en', 'es'], 'Choose a language: en or es.') });

export const handlers: HandlerMap = {
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
