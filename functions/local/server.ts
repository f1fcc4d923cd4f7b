import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { dispatch } from '../http/dispatch.ts';
import { routeKey, type RouteDef } from '../http/route.ts';
import { routes } from '../http/routes.ts';
import { loopbackAliasOf, type Config } from '../platform/config.ts';
import type { Deps } from '../platform/deps.ts';
import type { HttpEvent, HttpResult } from '../platform/http-types.ts';
import { groupHandlers } from './handlers.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { requestIdOf } from '../platform/request-id.ts';
import { ACCOUNT_CSP, HANDLER_PAGE_CSP, STAFF_CSP, shopperCsp, withEdgeHeaders } from '../platform/security-headers.ts';

const MAX_BODY_BYTES = 1024 * 1024;
// Mass Import uploads xlsx files up to 9 MB (seed 001): their route group reads bodies up to this, and a larger
// body gets the seed's message (the handler refuses a file of 9 MB or more with the same 422).
const IMPORT_MAX_BODY_BYTES = 12 * 1024 * 1024;

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  params: string[];
  literals: number;
}

/** Literal segments win over parameters, so /sandbox/messages beats /{brand}/system/... style patterns. */
export function compileRoutes(defs: readonly RouteDef[]): CompiledRoute[] {
  return defs
    .map((route) => {
      const params: string[] = [];
      const segments = route.path.split('/').filter(Boolean);
      const source = segments
        .map((segment) => {
          const param = /^\{(\w+)(\+?)\}$/.exec(segment);
          if (param) {
            params.push(param[1]!);
            // A greedy parameter ({name+}, API Gateway's): the rest of the path, slashes included.
            return param[2] ? '/(.+)' : '/([^/]+)';
          }
          return '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { route, pattern: new RegExp(`^${source || '/'}$`), params, literals: segments.length - params.length };
    })
    .sort((a, b) => b.literals - a.literals);
}

const compiled = compileRoutes(routes);

export function matchRoute(method: string, path: string) {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    c.params.forEach((name, i) => {
      const raw = m[i + 1]!;
      try {
        pathParameters[name] = decodeURIComponent(raw);
      } catch {
        pathParameters[name] = raw;
      }
    });
    return { route: c.route, pathParameters };
  }
  return pathMatched ? 'method-not-allowed' : undefined;
}

async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Turns a Node request into an API Gateway HTTP API (v2) event, exactly as AWS would deliver it. */
export function toEvent(
  req: IncomingMessage,
  url: URL,
  route: RouteDef,
  pathParameters: Record<string, string>,
  body: Buffer,
): HttpEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const textual = /json|text|x-www-form-urlencoded|xml/.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    cookies: headers.cookie ? headers.cookie.split(/;\s*/) : undefined,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      requestId: randomUUID(),
      timeEpoch: Date.now(),
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
    },
  };
}

function send(res: ServerResponse, result: HttpResult) {
  const headers: Record<string, string | string[]> = { ...(result.headers ?? {}) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode, headers);
  res.end(
    result.body === undefined ? undefined : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body,
  );
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

function serveFile(
  res: ServerResponse,
  file: string,
  edge: (headers: Record<string, string>) => Record<string, string>,
  extraHeaders: Record<string, string> = {},
) {
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  const immutable = file.includes(`${sep}assets${sep}`);
  res.writeHead(
    200,
    edge({
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...extraHeaders,
    }),
  );
  createReadStream(file).pipe(res);
}

export interface ServerOptions {
  deps: Deps;
  distDir: string;
  demoRetailerPage?: (baseUrl: string) => string;
}

/**
 * Makes `config.publicUrl` answer, during a request and the work it starts, with the loopback name the caller used
 * (loopbackAliasOf): the demo and any local use then work at http://127.0.0.1:PORT as well as http://localhost:PORT.
 * Outside a request (pollers, timers) and for any other host it is the configured URL; assigning it sets that one.
 */
function followCallerLoopbackName(config: Config): <T>(host: string | undefined, work: () => T) => T {
  const current = new AsyncLocalStorage<string | undefined>();
  let configured = config.publicUrl;
  Object.defineProperty(config, 'publicUrl', {
    configurable: true,
    enumerable: true,
    get: () => current.getStore() ?? configured,
    set: (value: string) => {
      configured = value;
    },
  });
  return (host, work) =>
    current.run(loopbackAliasOf({ publicUrl: configured, production: config.production }, host), work);
}

export function createLocalServer(options: ServerOptions): Server {
  const distRoot = resolve(options.distDir);
  const asCallerAddressed = followCallerLoopbackName(options.deps.config);
  // The embed page's shell is the build's index.html, read per request (a rebuild shows at once). Set on the deps
  // themselves (not a copy), so that tests changing the deps they were given still reach the handlers.
  const shopperIndex = join(distRoot, 'index.html');
  options.deps.shopperShell ??= async () => (existsSync(shopperIndex) ? readFile(shopperIndex, 'utf8') : undefined);
  return createServer((req, res) => {
    // handle answers every failure itself (a 500 at worst)
    asCallerAddressed(req.headers.host, () => void handle(req, res));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Answers the server makes itself (files, 404, 405, 413) carry the same edge headers as the handlers' answers.
    const requestId = requestIdOf({ 'x-request-id': req.headers['x-request-id'] as string | undefined });
    let path = '/';
    const edge = (headers: Record<string, string>) =>
      withEdgeHeaders({ statusCode: 200, headers }, { requestId, hsts: false, path }).headers!;
    const sendEdge = (result: HttpResult) => send(res, { ...result, headers: edge(result.headers ?? {}) });
    try {
      const host = req.headers.host ?? 'localhost';
      const url = new URL(req.url ?? '/', `http://${host}`);
      path = url.pathname;
      const method = (req.method ?? 'GET').toUpperCase();
      const match = matchRoute(method, url.pathname);
      if (match && match !== 'method-not-allowed') {
        // File uploads (Mass Import, the sign-up documents, staff files) read bodies up to the upload limit.
        const isImport =
          match.route.group === 'staff-imports' || ['signupUpload', 'staffFilesUpload'].includes(match.route.name);
        const body = await readBody(req, isImport ? IMPORT_MAX_BODY_BYTES : MAX_BODY_BYTES);
        if (body === 'too-large' && isImport) {
          return sendEdge({
            statusCode: 422,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              status: false,
              code: 422,
              data: null,
              message: translate('en', 'imports.fileTooLarge'),
              errors: { file: [translate('en', 'imports.fileTooLarge')] },
            }),
          });
        }
        if (body === 'too-large') {
          return sendEdge({
            statusCode: 413,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ status: false, code: 413, data: null, message: 'The request body is too large.' }),
          });
        }
        const event = toEvent(req, url, match.route, match.pathParameters, body);
        event.requestContext.requestId = requestId;
        return send(res, await dispatch(event, options.deps, groupHandlers[match.route.group]));
      }
      if (match === 'method-not-allowed') {
        // Also every CORS preflight (OPTIONS): no route answers one, so no other origin may call the API.
        return sendEdge({
          statusCode: 405,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ status: false, code: 405, data: null, message: `${method} is not allowed here.` }),
        });
      }
      if ((method === 'GET' || method === 'HEAD') && url.pathname === '/demo/retailer' && options.demoRetailerPage) {
        const baseUrl = `http://${host}`;
        return sendEdge({
          statusCode: 200,
          headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': HANDLER_PAGE_CSP },
          body: options.demoRetailerPage(baseUrl),
        });
      }
      if (method === 'GET' || method === 'HEAD') {
        if (url.pathname === '/staff') return sendEdge({ statusCode: 301, headers: { location: '/staff/' } });
        if (url.pathname === '/account') return sendEdge({ statusCode: 301, headers: { location: '/account/' } });
        // The lessee's account (built as dist/customer/index.html; hash routing after /account/): never framed.
        const accountIndex = join(distRoot, 'customer', 'index.html');
        if (url.pathname === '/account/' && existsSync(accountIndex)) {
          return serveFile(res, accountIndex, edge, {
            'content-security-policy': ACCOUNT_CSP,
            'x-frame-options': 'DENY',
          });
        }
        const isStaff = url.pathname === '/staff/' || url.pathname.startsWith('/staff/');
        let relative =
          url.pathname === '/' ? 'index.html' : url.pathname === '/staff/' ? 'staff/index.html' : url.pathname.slice(1);
        try {
          relative = decodeURIComponent(relative);
        } catch {
          relative = '';
        }
        const file = normalize(join(distRoot, relative));
        if (relative && file.startsWith(distRoot + sep) && existsSync(file) && statSync(file).isFile()) {
          // The staff portal is never framed (STAFF_CSP, and X-Frame-Options from withEdgeHeaders); the shopper portal
          // outside /embed/{retailer}/{store}/ is framed by our own pages only.
          const isPage = extname(file) === '.html';
          return serveFile(
            res,
            file,
            edge,
            isPage ? { 'content-security-policy': isStaff ? STAFF_CSP : shopperCsp() } : {},
          );
        }
      }
      sendEdge({
        statusCode: 404,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ status: false, code: 404, data: null, message: 'Requested resource was not found' }),
      });
    } catch (error) {
      options.deps.log.error('local server error', { requestId, error: String(error) });
      if (!res.headersSent)
        sendEdge({
          statusCode: 500,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ status: false, code: 500, data: null, message: 'An unknown error occurred' }),
        });
      else res.end();
    }
  }
}
