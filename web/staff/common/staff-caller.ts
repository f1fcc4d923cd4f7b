// The staff portal's caller: the toolkit caller (JSON with credentials, CSRF header from the csrf_token cookie,
// seed 001 error catalogue) plus what the portal needs around it: the X-Lang header of the chosen language, the
// session's activity clock, and the portal's reactions to 401 (session no longer valid) and 403 on a screen's own
// read (the Permission Denied page). Sign-in and password reset calls are left alone: their 401/403/429 answers are
// messages for the form.
import {
  createCaller,
  toPagedResult,
  type Caller,
  type CallOptions,
  type CallResult,
  type HttpMethod,
  type Payload,
  type PageQuery,
} from '../../toolkit/api/caller.ts';
import type { Lang } from '../../../machines/i18n/types.ts';

export interface StaffCallerHooks {
  lang: () => Lang;
  /** A signed-in call answered 401: the session ended on the server. */
  onUnauthorized: () => void;
  /** A screen's read (GET without a search query) answered 403. */
  onForbidden: () => void;
  /** Any answered call of the session (the server slid its idle timer). */
  onActivity: () => void;
}

const PUBLIC = /^\/staff\/api\/auth\/(login|password\/forgot|password\/reset)\b/;

export function createStaffCaller(hooks: StaffCallerHooks, base: Caller = createCaller({ lang: hooks.lang })): Caller {
  async function call<T>(
    method: HttpMethod,
    path: string,
    payload: Payload = {},
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const result = await base.call<T>(method, path, payload, {
      ...options,
      headers: { 'X-Lang': hooks.lang(), ...(options.headers ?? {}) },
    });
    if (PUBLIC.test(path)) return result;
    if (result.code === 401) {
      hooks.onUnauthorized();
    } else {
      // 408 and network failures never reached the server: they do not slide its idle timer.
      if (result.code !== 408 && !(result.code === 500 && !result.status)) hooks.onActivity();
      // A search (select, autocomplete) that is refused is shown in its field, not as a page.
      if (result.code === 403 && method === 'GET' && !('q' in payload) && options.headers?.['X-Staff-Lookup'] !== '1')
        hooks.onForbidden();
    }
    return result;
  }

  return {
    call,
    get: (path, payload, options) => call('GET', path, payload, options),
    post: (path, payload, options) => call('POST', path, payload, options),
    upload: (path, file, options) => base.upload(path, file, options),
    async fetchPage<T>(path: string, query: PageQuery, method: HttpMethod = 'GET', options?: CallOptions) {
      const payload: Payload = { ...query };
      if (query.sortBy) payload.sortDesc = query.sortDesc ? 'true' : 'false';
      else {
        delete payload.sortBy;
        delete payload.sortDesc;
      }
      return toPagedResult<T>(await call<unknown>(method, path, payload, options));
    },
  };
}

/** A caller that sends what a form submits with another method (the toolkit's forms always POST). */
export function withMethod(caller: Caller, method: HttpMethod): Caller {
  return { ...caller, post: (path, payload, options) => caller.call(method, path, payload, options) };
}
