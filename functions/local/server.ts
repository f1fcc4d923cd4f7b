import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { dispatch } from '../http/dispatch.ts';
import { routeKey, type RouteDef } from '../http/route.ts';
import { routes } from '../http/routes.ts';
import type { Deps } from '../platform/deps.ts';
import type { HttpEvent, HttpResult } from '../platform/http-types.ts';
import { groupHandlers } from './handlers.ts';
import { translate } from '../../machines/i18n/catalogue.ts';

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
          const param = /^\{(\w+)\}$/.exec(segment);
          if (param) {
            params.push(param[1]!);
            return '/([^/]+)';
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
export function toEvent(req: IncomingMessage, url: URL, route: RouteDef, pathParameters: Record<string, string>, body: Buffer): HttpEvent {
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
  res.end(result.body === undefined ? undefined : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
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

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function serveFile(res: ServerResponse, file: string, extraHeaders: Record<string, string> = {}) {
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  const immutable = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SECURITY_HEADERS,
    ...extraHeaders,
  });
  createReadStream(file).pipe(res);
}

export interface ServerOptions {
  deps: Deps;
  distDir: string;
  demoRetailerPage?: (baseUrl: string) => string;
}

export function createLocalServer(options: ServerOptions): Server {
  const distRoot = resolve(options.distDir);
  return createServer(async (req, res) => {
    try {
      const host = req.headers.host ?? 'localhost';
      const url = new URL(req.url ?? '/', `http://${host}`);
      const method = (req.method ?? 'GET').toUpperCase();
      const match = matchRoute(method, url.pathname);
      if (match && match !== 'method-not-allowed') {
        // File uploads (Mass Import, the sign-up documents, staff files) read bodies up to the upload limit.
        const isImport = match.route.group === 'staff-imports' || ['signupUpload', 'staffFilesUpload'].includes(match.route.name);
        const body = await readBody(req, isImport ? IMPORT_MAX_BODY_BYTES : MAX_BODY_BYTES);
        if (body === 'too-large' && isImport) {
          return send(res, { statusCode: 422, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: false, code: 422, data: null, message: translate('en', 'imports.fileTooLarge'), errors: { file: [translate('en', 'imports.fileTooLarge')] } }) });
        }
        if (body === 'too-large') {
          return send(res, { statusCode: 413, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: false, code: 413, data: null, message: 'The request body is too large.' }) });
        }
        const event = toEvent(req, url, match.route, match.pathParameters, body);
        return send(res, await dispatch(event, options.deps, groupHandlers[match.route.group]));
      }
      if (match === 'method-not-allowed') {
        return send(res, { statusCode: 405, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: false, code: 405, data: null, message: `${method} is not allowed here.` }) });
      }
      if ((method === 'GET' || method === 'HEAD') && url.pathname === '/demo/retailer' && options.demoRetailerPage) {
        const baseUrl = `http://${host}`;
        return send(res, { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS }, body: options.demoRetailerPage(baseUrl) });
      }
      if (method === 'GET' || method === 'HEAD') {
        if (url.pathname === '/staff') return send(res, { statusCode: 301, headers: { location: '/staff/' } });
        const isStaff = url.pathname === '/staff/' || url.pathname.startsWith('/staff/');
        let relative = url.pathname === '/' ? 'index.html' : url.pathname === '/staff/' ? 'staff/index.html' : url.pathname.slice(1);
        try {
          relative = decodeURIComponent(relative);
        } catch {
          relative = '';
        }
        const file = normalize(join(distRoot, relative));
        if (relative && file.startsWith(distRoot + sep) && existsSync(file) && statSync(file).isFile()) {
          // The staff portal must never be framed; the shopper portal is framed by retailers by design.
          return serveFile(res, file, isStaff ? { 'x-frame-options': 'DENY' } : {});
        }
      }
      send(res, {
        statusCode: 404,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ status: false, code: 404, data: null, message: 'Requested resource was not found' }),
      });
    } catch (error) {
      options.deps.log.error('local server error', { error: String(error) });
      if (!res.headersSent) send(res, { statusCode: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: false, code: 500, data: null, message: 'An unknown error occurred' }) });
      else res.end();
    }
  });
}
