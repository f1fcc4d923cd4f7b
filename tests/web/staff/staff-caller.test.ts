import { describe, expect, it, vi } from 'vitest';
import type { Caller, CallResult } from '../../../web/toolkit/api/caller.ts';
import { createStaffCaller, withMethod } from '../../../web/staff/common/staff-caller.ts';

// The staff caller around the toolkit caller: X-Lang, the session's reactions to 401 and 403, the page shape.
function fakeBase(answer: (method: string, path: string) => CallResult & { meta?: unknown }) {
  const calls: { method: string; path: string; payload: unknown; headers: Record<string, string> }[] = [];
  const base = {
    call: vi.fn(
      async (
        method: string,
        path: string,
        payload: unknown = {},
        options: { headers?: Record<string, string> } = {},
      ) => {
        calls.push({ method, path, payload, headers: options.headers ?? {} });
        return answer(method, path);
      },
    ),
  } as unknown as Caller;
  return { base, calls };
}

const hooks = () => ({ lang: () => 'es' as const, onUnauthorized: vi.fn(), onForbidden: vi.fn(), onActivity: vi.fn() });

describe('the staff caller', () => {
  it('sends the chosen language and counts answered calls as activity', async () => {
    const { base, calls } = fakeBase(() => ({ status: true, code: 200, data: null }));
    const h = hooks();
    await createStaffCaller(h, base).get('/staff/api/users', { q: 'x' });
    expect(calls[0]!.headers['X-Lang']).toBe('es');
    expect(h.onActivity).toHaveBeenCalledTimes(1);
  });

  it('ends the session on a 401, except for the sign-in and password calls', async () => {
    const { base } = fakeBase(() => ({
      status: false,
      code: 401,
      data: null,
      message: 'Your session is no longer valid. Please login again',
    }));
    const h = hooks();
    const caller = createStaffCaller(h, base);
    await caller.post('/staff/api/auth/login', { username: 'a', password: 'b' });
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    await caller.get('/staff/api/roles');
    expect(h.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('shows the Permission Denied page for a refused screen read, not for searches, lookups or changes', async () => {
    const { base } = fakeBase(() => ({ status: false, code: 403, data: null, message: 'Permission Denied' }));
    const h = hooks();
    const caller = createStaffCaller(h, base);
    await caller.get('/staff/api/retailers', { q: 'dem' });
    await caller.get('/staff/api/retailers', { limit: 100 }, { headers: { 'X-Staff-Lookup': '1' } });
    await caller.call('DELETE', '/staff/api/users/usr-admin');
    expect(h.onForbidden).not.toHaveBeenCalled();
    await caller.get('/staff/api/stores/sto-express', { _form: true });
    expect(h.onForbidden).toHaveBeenCalledTimes(1);
  });

  it('turns the staff page envelope into the list shape', async () => {
    const meta = { current_page: 1, last_page: 1, per_page: 25, from: 1, to: 1, total: 1, filters: [] };
    const { base, calls } = fakeBase(() => ({ status: true, code: 200, data: [{ id: 'a' }], meta }));
    const page = await createStaffCaller(hooks(), base).fetchPage('/staff/api/stores', {
      limit: 25,
      page: 1,
      sortBy: 'name',
      sortDesc: true,
    });
    expect(page.data).toEqual({ data: [{ id: 'a' }], meta });
    expect(calls[0]!.payload).toMatchObject({ limit: 25, page: 1, sortBy: 'name', sortDesc: 'true' });
  });

  it('sends a form with another method when asked (pick list items are updated with PUT)', async () => {
    const { base, calls } = fakeBase(() => ({ status: true, code: 200, data: null }));
    await withMethod(createStaffCaller(hooks(), base), 'PUT').post('/staff/api/picklists/p/items/i', { label: 'x' });
    expect(calls[0]!.method).toBe('PUT');
  });
});
