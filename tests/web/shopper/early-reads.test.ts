import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, readEarly } from '../../../web/lib/api.ts';
import { saveSession } from '../../../web/lib/apply-session.ts';
import { EARLY_READ_TTL_MS } from '../../../web/lib/early-reads.ts';

// The application page asks for its session and store while its code loads (App.tsx); the gate and the form then
// get those answers instead of asking again: one request where there were three, and none of them late.

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: true, code: 200, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function startSession(token: string) {
  saveSession({
    retailer: 'demo-electronics',
    store: 'main-street',
    token,
    expiresAt: null,
    storeData: {
      id: 1,
      slug: 'main-street',
      name: 'Main Street',
      brand: 'default',
      retailer: { slug: 'demo-electronics', name: 'Demo Electronics' },
    },
  });
}

describe('early reads', () => {
  let calls: string[];
  beforeEach(() => {
    sessionStorage.clear();
    calls = [];
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL) => {
        calls.push(url.pathname);
        n += 1;
        return Promise.resolve(answer({ read: n }));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('answers the next callers of the same GET with the read already made, as many as asked, then reads afresh', async () => {
    startSession('token-1');
    readEarly('/apply-v2/session', 2);
    expect(calls).toEqual(['/apply-v2/session']);
    expect((await api('GET', '/apply-v2/session')).data).toEqual({ read: 1 });
    expect((await api('GET', '/apply-v2/session')).data).toEqual({ read: 1 });
    expect(calls).toHaveLength(1);
    expect((await api('GET', '/apply-v2/session')).data).toEqual({ read: 2 });
    expect(calls).toHaveLength(2);
  });

  it('does not hand an answer to another session, nor one older than a few seconds', async () => {
    startSession('token-1');
    readEarly('/apply-v2/session');
    startSession('token-2');
    expect((await api('GET', '/apply-v2/session')).data).toEqual({ read: 2 });

    vi.useFakeTimers({ toFake: ['Date'] });
    readEarly('/apply-v2/session');
    vi.setSystemTime(Date.now() + EARLY_READ_TTL_MS + 1);
    expect((await api('GET', '/apply-v2/session')).data).toEqual({ read: 4 });
    expect(calls).toHaveLength(4);
  });

  it("a caller's abort ends its wait with an AbortError", async () => {
    startSession('token-1');
    readEarly('/apply-v2/session');
    const controller = new AbortController();
    const waiting = api('GET', '/apply-v2/session', { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
