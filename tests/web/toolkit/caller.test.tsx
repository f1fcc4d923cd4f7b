import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createCaller, fillPath, toQuery } from '../../../web/toolkit/api/caller.ts';
import { toolkitHandlers, UPLOAD_URL, WIDGETS_URL } from '../../../msw/toolkit-handlers.ts';

const server = setupServer(...toolkitHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterAll(() => server.close());

describe('paths and query strings', () => {
  it('fills {param} placeholders from the payload and removes them from it', () => {
    expect(fillPath('/stores/{store}/leases/{lease}', { store: 'main street', lease: 9, q: 'x' })).toEqual({
      path: '/stores/main%20street/leases/9',
      rest: { q: 'x' },
    });
  });

  it('leaves a placeholder without a value in place', () => {
    expect(fillPath('/stores/{store}', {}).path).toBe('/stores/{store}');
  });

  it('encodes arrays as repeated keys and skips null and undefined', () => {
    expect(toQuery({ a: [1, 2], b: null, c: undefined, d: true, e: 'x y' })).toBe('a=1&a=2&d=true&e=x+y');
  });
});

describe('the request', () => {
  it('sends a GET with the payload as query parameters, credentials, XHR/JSON headers, the CSRF token and no redirects', async () => {
    document.cookie = 'csrf_token=abc123';
    let seen: Request | undefined;
    server.use(
      http.get('/api/stores/:store/leases', ({ request }) => {
        seen = request;
        return HttpResponse.json({ status: true, code: 200, data: ['ok'] });
      }),
    );
    const caller = createCaller();
    const result = await caller.get('/api/stores/{store}/leases', { store: 5, q: 'smith', page: 2 });
    expect(result).toEqual({ status: true, code: 200, data: ['ok'] });
    const url = new URL(seen!.url);
    expect(url.pathname).toBe('/api/stores/5/leases');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'smith', page: '2' });
    expect(seen!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen!.headers.get('Accept')).toBe('application/json');
    expect(seen!.headers.get('X-CSRF-Token')).toBe('abc123');
    expect(seen!.credentials).toBe('include');
    expect(seen!.redirect).toBe('manual');
  });

  it('sends no CSRF header when there is no csrf_token cookie', async () => {
    let header: string | null = 'unset';
    server.use(
      http.get('/api/ping', ({ request }) => {
        header = request.headers.get('X-CSRF-Token');
        return HttpResponse.json({ status: true, code: 200, data: null });
      }),
    );
    await createCaller().get('/api/ping');
    expect(header).toBeNull();
  });

  it('sends other methods as a JSON body without the path parameters', async () => {
    let body: unknown;
    let contentType: string | null = null;
    server.use(
      http.put('/api/users/:id', async ({ request }) => {
        body = await request.json();
        contentType = request.headers.get('Content-Type');
        return HttpResponse.json({ status: true, code: 200, data: { saved: true } });
      }),
    );
    const result = await createCaller().call('PUT', '/api/users/{id}', { id: 3, name: 'Ann' });
    expect(result.data).toEqual({ saved: true });
    expect(body).toEqual({ name: 'Ann' });
    expect(contentType).toBe('application/json');
  });
});

describe('result handling (seed 001 section 8)', () => {
  it('passes on a body with a status field, field errors included', async () => {
    server.use(
      http.post('/api/things', () =>
        HttpResponse.json(
          { status: false, code: 422, message: 'Invalid', errors: { name: ['Required field'] } },
          { status: 422 },
        ),
      ),
    );
    const result = await createCaller().post('/api/things', {});
    expect(result).toEqual({
      status: false,
      code: 422,
      data: null,
      message: 'Invalid',
      errors: { name: ['Required field'] },
    });
  });

  it.each([301, 302])('redirects the browser to data on status true with code %i', async (code) => {
    server.use(http.post('/api/login', () => HttpResponse.json({ status: true, code, data: '/staff/#/dashboard' })));
    const navigate = vi.fn();
    const result = await createCaller({ navigate }).post('/api/login', {});
    expect(navigate).toHaveBeenCalledWith('/staff/#/dashboard');
    expect(result.status).toBe(true);
  });

  it('does not redirect on status false with code 302', async () => {
    server.use(http.post('/api/x', () => HttpResponse.json({ status: false, code: 302, data: '/elsewhere' })));
    const navigate = vi.fn();
    await createCaller({ navigate }).post('/api/x', {});
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a body with a message (no status) into an error', async () => {
    server.use(
      http.get('/api/secret', () =>
        HttpResponse.json({ message: 'Your session is no longer valid. Please login again' }, { status: 401 }),
      ),
    );
    const result = await createCaller().get('/api/secret');
    expect(result).toMatchObject({
      status: false,
      code: 401,
      message: 'Your session is no longer valid. Please login again',
      error: 'Your session is no longer valid. Please login again',
    });
  });

  it('reports an HTTP 500 without a body as an invalid response', async () => {
    server.use(http.get('/api/broken', () => new HttpResponse(null, { status: 500 })));
    const result = await createCaller().get('/api/broken');
    expect(result).toMatchObject({
      status: false,
      code: 500,
      message: 'An invalid response was returned from the server.',
    });
  });

  it('reports a 500 with an HTML page as an invalid response too', async () => {
    server.use(http.get('/api/html', () => HttpResponse.html('<h1>Server Error</h1>', { status: 500 })));
    const result = await createCaller().get('/api/html');
    expect(result.message).toBe('An invalid response was returned from the server.');
  });

  it('times out after the request timeout with code 408', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(500);
        return HttpResponse.json({ status: true, code: 200, data: null });
      }),
    );
    const result = await createCaller({ timeoutMs: 30 }).get('/api/slow');
    expect(result).toMatchObject({
      status: false,
      code: 408,
      message: 'Request timed out whilst trying to call the server. Please try again later.',
    });
  });

  it('treats an aborted request like a timeout (408)', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(500);
        return HttpResponse.json({ status: true, code: 200, data: null });
      }),
    );
    const controller = new AbortController();
    const pending = createCaller().get('/api/slow', {}, { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ code: 408 });
  });

  it('uses a 180000 ms timeout by default', async () => {
    vi.useFakeTimers();
    try {
      const fetchImpl = vi.fn(
        (_url: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const pending = createCaller({ fetch: fetchImpl as unknown as typeof fetch }).get('/api/never');
      await vi.advanceTimersByTimeAsync(179_999);
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).code).toBe(408);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports a network failure as 'Unable to call the backend.'", async () => {
    server.use(http.get('/api/down', () => HttpResponse.error()));
    const result = await createCaller().get('/api/down');
    expect(result).toMatchObject({ status: false, message: 'Unable to call the backend.' });
  });

  it('uses the error message with code 500 for other failures', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new Error('Something odd happened');
    });
    const result = await createCaller({ fetch: fetchImpl as unknown as typeof fetch }).get('/api/odd');
    expect(result).toMatchObject({ status: false, code: 500, message: 'Something odd happened' });
  });

  it('wraps a successful JSON body without a status field', async () => {
    server.use(http.get('/api/raw', () => HttpResponse.json([1, 2, 3])));
    expect(await createCaller().get('/api/raw')).toEqual({ status: true, code: 200, data: [1, 2, 3] });
  });

  it('gives its own messages in Spanish when asked', async () => {
    server.use(http.get('/api/down', () => HttpResponse.error()));
    const result = await createCaller({ lang: 'es' }).get('/api/down');
    expect(result.message).toBe('No se pudo comunicar con el servidor.');
  });
});

describe('paged lists', () => {
  it('sends limit, page, sortBy and sortDesc and reads data and meta', async () => {
    const result = await createCaller().fetchPage<{ name: string }>(WIDGETS_URL, {
      limit: 25,
      page: 2,
      sortBy: 'name',
      sortDesc: true,
    });
    expect(result.status).toBe(true);
    expect(result.data.data).toHaveLength(25);
    expect(result.data.data[0]!.name).toBe('Widget 35');
    expect(result.data.meta).toMatchObject({
      current_page: 2,
      last_page: 3,
      per_page: 25,
      from: 26,
      to: 50,
      total: 60,
    });
  });
});

describe('uploads', () => {
  it('posts a multipart form with a single file field and reports progress', async () => {
    const progress: number[] = [];
    const file = new File(['%PDF-1.4 demo'], 'contract.pdf', { type: 'application/pdf' });
    const result = await createCaller().upload(UPLOAD_URL, file, { onProgress: (p) => progress.push(p) });
    expect(result.status).toBe(true);
    expect(result.data).toMatchObject({
      id: expect.any(Number),
      token: expect.stringMatching(/^tok-/),
      url: expect.stringMatching(/^\/files\//),
    });
    expect(progress.at(-1)).toBe(100);
  });

  it('passes on the 422 field errors of a failed upload', async () => {
    server.use(
      http.post(UPLOAD_URL, () =>
        HttpResponse.json(
          { status: false, code: 422, message: 'Invalid', errors: { file: ['The file must be a pdf.'] } },
          { status: 422 },
        ),
      ),
    );
    const result = await createCaller().upload(UPLOAD_URL, new File(['x'], 'a.exe'));
    expect(result).toMatchObject({ status: false, code: 422, errors: { file: ['The file must be a pdf.'] } });
  });

  it('reports a network failure of an upload', async () => {
    server.use(http.post(UPLOAD_URL, () => HttpResponse.error()));
    const result = await createCaller().upload(UPLOAD_URL, new File(['x'], 'a.pdf'));
    expect(result).toMatchObject({ status: false, message: 'Unable to call the backend.' });
  });
});
