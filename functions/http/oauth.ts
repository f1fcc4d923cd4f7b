import { oauthTokenRequest } from '../../machines/contracts/network.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { issueAccessToken, OAuthError } from '../services/network/oauth.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { safeParse } from 'zod/v4/core';

// Route group 'oauth': POST /oauth/token, the client credentials grant (RFC 6749 4.4). The body is
// application/x-www-form-urlencoded; the client authenticates with HTTP Basic or client_id/client_secret in the body.
// The answer follows RFC 6749 5.1/5.2 (not the envelope): access_token, token_type, expires_in, or error.

const NO_STORE = { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store', pragma: 'no-cache' };
const answer = (statusCode: number, body: unknown, extra: Record<string, string> = {}): HttpResult => ({
  statusCode,
  headers: { ...NO_STORE, ...extra },
  body: JSON.stringify(body),
});

function formOf(ctx: RequestContext): Record<string, string> {
  const type = (ctx.event.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded'))
    throw new OAuthError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded');
  const raw = ctx.event.body
    ? ctx.event.isBase64Encoded
      ? Buffer.from(ctx.event.body, 'base64').toString('utf8')
      : ctx.event.body
    : '';
  if (raw.length > 4096) throw new OAuthError(400, 'invalid_request', 'The request is too large');
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    if (k in out) throw new OAuthError(400, 'invalid_request', `The parameter ${k} is repeated`);
    out[k] = v;
  }
  return out;
}

function basicAuth(ctx: RequestContext): { client_id?: string; client_secret?: string } {
  const m = /^Basic\s+([A-Za-z0-9+/=]{1,600})$/i.exec(ctx.event.headers.authorization ?? '');
  if (!m) return {};
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return {};
  return {
    client_id: decodeURIComponent(decoded.slice(0, i)),
    client_secret: decodeURIComponent(decoded.slice(i + 1)),
  };
}

export const handlers: HandlerMap = {
  async oauthToken(ctx, deps) {
    try {
      const form = formOf(ctx);
      const parsed = safeParse(oauthTokenRequest, form);
      if (!parsed.success) throw new OAuthError(400, 'invalid_request', 'grant_type is required');
      const basic = basicAuth(ctx);
      const token = await issueAccessToken(deps, {
        grant_type: parsed.data.grant_type,
        client_id: basic.client_id ?? parsed.data.client_id,
        client_secret: basic.client_secret ?? parsed.data.client_secret,
      });
      return answer(200, token);
    } catch (error) {
      if (error instanceof OAuthError) {
        return answer(
          error.status,
          { error: error.error, error_description: error.description },
          error.status === 401 ? { 'www-authenticate': 'Basic realm="oauth"' } : {},
        );
      }
      throw error;
    }
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
