import type { HttpEvent } from './http-types.ts';

export const SESSION_COOKIE = 'staff_session';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

/** Cookies of a request: API Gateway v2 puts them in `cookies`; a plain `cookie` header is read as a fallback. */
export function readCookies(event: HttpEvent): Record<string, string> {
  const parts = event.cookies?.length ? event.cookies : (event.headers.cookie ?? '').split(/;\s*/);
  const out: Record<string, string> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep it raw
    }
    out[name] = value;
  }
  return out;
}

/** Whether the request came over https: the proxy's x-forwarded-proto, else the configured public URL. */
export function isHttps(event: HttpEvent, publicUrl: string): boolean {
  const proto = event.headers['x-forwarded-proto'];
  if (proto) return proto.split(',')[0]!.trim().toLowerCase() === 'https';
  return publicUrl.startsWith('https://');
}

export function serializeCookie(
  name: string,
  value: string,
  options: { maxAge: number; httpOnly: boolean; secure: boolean; path?: string },
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? '/staff'}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    'SameSite=Strict',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The pair a sign-in sets: the HttpOnly session and the CSRF token the page reads and echoes in X-CSRF-Token. */
export function sessionCookies(sessionId: string, csrfToken: string, maxAge: number, secure: boolean): string[] {
  return [
    serializeCookie(SESSION_COOKIE, sessionId, { maxAge, httpOnly: true, secure }),
    serializeCookie(CSRF_COOKIE, csrfToken, { maxAge, httpOnly: false, secure }),
  ];
}

export function clearedCookies(secure: boolean): string[] {
  return [
    serializeCookie(SESSION_COOKIE, '', { maxAge: 0, httpOnly: true, secure }),
    serializeCookie(CSRF_COOKIE, '', { maxAge: 0, httpOnly: false, secure }),
  ];
}
