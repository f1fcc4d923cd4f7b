import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { common } from '../../../machines/i18n/common.ts';
import { shell } from '../../../machines/i18n/shell.ts';
import { I18nProvider } from '../../../web/lib/i18n.tsx';

// Component-test harness of the flow screens: a fake backend answering the envelope of our API by "METHOD path",
// the shell's i18n provider, and a fake clock advanced explicitly (the machines' 10 s, 2 s, 30 s, 3 s, 500 ms timers).

export interface FakeAnswer {
  status?: number;
  code?: number;
  data?: unknown;
  message?: string;
  /** Reject like a failed network (the page sees code 0). */
  network?: boolean;
}
export type FakeRoute = (request: { url: URL; body: any }) => FakeAnswer | Promise<FakeAnswer>;

export function fakeBackend(routes: Record<string, FakeRoute>) {
  const calls: { method: string; path: string; url: URL; body: any }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, url, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route)
      return new Response(JSON.stringify({ status: false, code: 404, data: null, message: 'no route' }), {
        status: 404,
      });
    const answer = await route({ url, body });
    if (answer.network) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const ok = status >= 200 && status < 300 && status !== 202;
    const envelope = {
      status: answer.status === 202 ? false : ok,
      code: answer.code ?? status,
      data: answer.data ?? null,
      ...(answer.message ? { message: answer.message } : {}),
    };
    return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    count: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length,
  };
}

export function renderFlow(ui: ReactElement, lang: 'en' | 'es' = 'en'): RenderResult {
  localStorage.setItem('lto.lang', lang);
  return render(<I18nProvider areas={[common, shell]}>{ui}</I18nProvider>);
}

/** Lets promises settle and advances the fake clock by `ms`. */
export async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}
