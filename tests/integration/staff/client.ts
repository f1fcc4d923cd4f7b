import { inject } from 'vitest';
import { cookieHeader, jsonOr, keepCookies } from '../../support/http.ts';

// A staff browser by hand: keeps the cookies the server sets and echoes the CSRF cookie in X-CSRF-Token.
export interface StaffResponse<T = any> {
  status: number;
  body: { status: boolean; code: number; data: T; message?: string; errors?: Record<string, string[]>; meta?: any };
  headers: Headers;
  setCookies: string[];
}

export class StaffClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string = inject('baseUrl'),
    readonly ip?: string,
  ) {}

  get csrf() {
    return this.cookies.get('csrf_token');
  }

  async call<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<StaffResponse<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(options.headers ?? {}),
    };
    if (this.cookies.size) headers.cookie = cookieHeader(this.cookies);
    if (options.csrf !== false && method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const setCookies = res.headers.getSetCookie();
    keepCookies(this.cookies, setCookies);
    const text = await res.text();
    const body: StaffResponse<T>['body'] = jsonOr(text, { status: false, code: res.status, data: text });
    return { status: res.status, body, headers: res.headers, setCookies };
  }

  get = <T = any>(path: string) => this.call<T>('GET', path);
  post = <T = any>(path: string, body: unknown = {}) => this.call<T>('POST', path, { body });
  put = <T = any>(path: string, body: unknown = {}) => this.call<T>('PUT', path, { body });
  del = <T = any>(path: string, body?: unknown) => this.call<T>('DELETE', path, { body });

  async login(username: string, password: string) {
    const res = await this.post('/staff/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }
}

export const adminPassword = () => inject('adminPassword');

export async function asAdmin(baseUrl?: string) {
  const client = new StaffClient(baseUrl);
  await client.login('admin', adminPassword());
  return client;
}

export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export interface NewUserFields {
  display_name: string;
  password: string;
  guard: 'system' | 'retailer' | 'store';
  roles?: string[];
  stores?: string[];
  retailers?: string[];
}

/** The body of POST /staff/api/users for a new user named `username`, with an e-mail made from the name. */
export const newUser = (username: string, fields: NewUserFields) => ({
  username,
  email: `${username}@example.com`,
  ...fields,
});

/** Creates a role of a guard with permissions, and a user holding it (linked to stores or retailers). */
export async function makeUser(
  admin: StaffClient,
  options: {
    guard: 'system' | 'retailer' | 'store';
    permissions: string[];
    field_permissions?: string[];
    stores?: string[];
    retailers?: string[];
  },
) {
  const role = await admin.post('/staff/api/roles', {
    name: unique('Role '),
    guard: options.guard,
    permissions: options.permissions,
    field_permissions: options.field_permissions ?? [],
  });
  if (role.status !== 200) throw new Error(`role: ${role.status} ${JSON.stringify(role.body)}`);
  const username = unique('u_');
  const password = 'a-long-password-1';
  const user = await admin.post(
    '/staff/api/users',
    newUser(username, {
      display_name: `User ${username}`,
      password,
      guard: options.guard,
      roles: [role.body.data.id],
      stores: options.stores ?? [],
      retailers: options.retailers ?? [],
    }),
  );
  if (user.status !== 200) throw new Error(`user: ${user.status} ${JSON.stringify(user.body)}`);
  const client = new StaffClient(admin.baseUrl);
  await client.login(username, password);
  return { client, role: role.body.data, user: user.body.data, username, password };
}
