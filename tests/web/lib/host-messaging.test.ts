import { describe, expect, it, vi } from 'vitest';
import {
  COMPACT_CLASS,
  createHostMessenger,
  createHostSession,
  HOST_ORIGIN_KEY,
  parseOrigin,
  passEscapeToHost,
  type PageWindowLike,
} from '../../../web/lib/host-messaging.ts';

// A fake page window: an EventTarget with the parent/opener/location/referrer the messenger reads.
type Listener = (event: { origin: string; source: unknown; data: unknown }) => void;
function fakePage(options: { parent?: unknown; opener?: unknown; search?: string; referrer?: string }) {
  const listeners = new Set<Listener>();
  const page: PageWindowLike & {
    deliver(origin: string, source: unknown, data: unknown): void;
    listenerCount(): number;
  } = {
    parent: undefined,
    opener: options.opener ?? null,
    location: { search: options.search ?? '' },
    document: { referrer: options.referrer ?? '' },
    addEventListener: (_type, l) => void listeners.add(l),
    removeEventListener: (_type, l) => void listeners.delete(l),
    deliver: (origin, source, data) => listeners.forEach((l) => l({ origin, source, data })),
    listenerCount: () => listeners.size,
  };
  page.parent = options.parent ?? page; // top-level windows are their own parent
  return page;
}
const hostWindow = () => ({ postMessage: vi.fn() });
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('parseOrigin', () => {
  it('keeps only the exact scheme://host:port of http(s) URLs', () => {
    expect(parseOrigin('https://shop.example/cart?x=1#y')).toBe('https://shop.example');
    expect(parseOrigin('http://localhost:3107/demo/retailer')).toBe('http://localhost:3107');
    expect(parseOrigin('https://shop.example:8443')).toBe('https://shop.example:8443');
  });
  it('rejects wildcards, opaque and non-web origins', () => {
    for (const bad of [
      '*',
      'null',
      '',
      'javascript:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      'shop.example',
      null,
      undefined,
    ]) {
      expect(parseOrigin(bad)).toBeNull();
    }
  });
});

describe('createHostMessenger: where messages go', () => {
  it('posts to the parent of an iframe with the origin from the query, never "*"', () => {
    const parent = hostWindow();
    const page = fakePage({
      parent,
      search: '?origin=https%3A%2F%2Fshop.example%2Fcheckout&iframe=1',
      referrer: 'https://other.example/',
    });
    const messenger = createHostMessenger(page);
    expect(messenger.mode).toBe('iframe');
    expect(messenger.origin).toBe('https://shop.example');
    expect(messenger.post('update', { status: 'started', step: 'apply', data: { store: 'main-street' } })).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { event: 'update', status: 'started', step: 'apply', data: { store: 'main-street' } },
      'https://shop.example',
    );
  });

  it('posts to the opener in the redirect flow, taking the origin from the referrer when the query has none', () => {
    const opener = hostWindow();
    const page = fakePage({ opener, referrer: 'https://shop.example/cart/42' });
    const messenger = createHostMessenger(page);
    expect(messenger.mode).toBe('redirect');
    messenger.post('approved', { status: 'A', step: 'result' });
    expect(opener.postMessage).toHaveBeenCalledWith(
      { event: 'approved', status: 'A', step: 'result', data: null },
      'https://shop.example',
    );
  });

  it('fills status, step and data with null when not given', () => {
    const parent = hostWindow();
    createHostMessenger(fakePage({ parent, search: '?origin=https://shop.example' })).post('close');
    expect(parent.postMessage).toHaveBeenCalledWith(
      { event: 'close', status: null, step: null, data: null },
      'https://shop.example',
    );
  });

  it('posts nothing when the host origin is unknown or invalid (it never falls back to "*")', () => {
    const parent = hostWindow();
    for (const search of ['', '?origin=*', '?origin=null', '?origin=javascript:alert(1)']) {
      const messenger = createHostMessenger(fakePage({ parent, search }));
      expect(messenger.origin).toBeNull();
      expect(messenger.post('update')).toBe(false);
    }
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('posts nothing when standalone (no parent frame, no opener), whatever the query says', () => {
    const page = fakePage({ search: '?origin=https://shop.example', referrer: 'https://shop.example/' });
    const messenger = createHostMessenger(page);
    expect(messenger.mode).toBe('standalone');
    expect(messenger.origin).toBeNull();
    expect(messenger.post('update')).toBe(false);
  });

  it('remembers the origin for later pages of the session and prefers it to the referrer', () => {
    const storage = memoryStorage();
    createHostMessenger(fakePage({ parent: hostWindow(), search: '?origin=https://shop.example' }), storage);
    expect(storage.map.get(HOST_ORIGIN_KEY)).toBe('https://shop.example');
    // back from a vendor page: no query, the referrer is the vendor
    const parent = hostWindow();
    const later = createHostMessenger(fakePage({ parent, referrer: 'https://esign-vendor.example/done' }), storage);
    expect(later.origin).toBe('https://shop.example');
    later.post('update');
    expect(parent.postMessage.mock.calls[0]?.[1]).toBe('https://shop.example');
  });

  it('lets an explicit origin query win over a remembered one', () => {
    const storage = memoryStorage({ [HOST_ORIGIN_KEY]: 'https://old-shop.example' });
    const messenger = createHostMessenger(
      fakePage({ parent: hostWindow(), search: '?origin=https://new-shop.example' }),
      storage,
    );
    expect(messenger.origin).toBe('https://new-shop.example');
  });
});

describe('createHostMessenger: what it accepts', () => {
  const setup = () => {
    const parent = hostWindow();
    const page = fakePage({ parent, search: '?origin=https://shop.example' });
    const messenger = createHostMessenger(page);
    const received = vi.fn();
    const stop = messenger.subscribe(received);
    return { parent, page, received, stop };
  };

  it('accepts the host vocabulary from the host window at the exact origin', () => {
    const { parent, page, received } = setup();
    page.deliver('https://shop.example', parent, { event: 'minimize' });
    page.deliver('https://shop.example', parent, { event: 'result', data: { code: 'A' } });
    page.deliver('https://shop.example', parent, 'maximize');
    expect(received.mock.calls.map((c) => c[0])).toEqual([
      { event: 'minimize' },
      { event: 'result', data: { code: 'A' } },
      { event: 'maximize' },
    ]);
  });

  it('ignores other origins, look-alike origins and other windows', () => {
    const { parent, page, received } = setup();
    page.deliver('https://evil.example', parent, { event: 'close' });
    page.deliver('https://shop.example.evil.example', parent, { event: 'close' });
    page.deliver('http://shop.example', parent, { event: 'close' }); // scheme differs
    page.deliver('https://shop.example:444', parent, { event: 'close' }); // port differs
    page.deliver('null', parent, { event: 'close' });
    page.deliver('https://shop.example', hostWindow(), { event: 'close' }); // right origin, another window
    expect(received).not.toHaveBeenCalled();
  });

  it('ignores unknown events, our own outgoing vocabulary and malformed data', () => {
    const { parent, page, received } = setup();
    for (const data of [
      { event: 'approved' },
      { event: 'delete-everything' },
      { nope: 1 },
      null,
      42,
      'denied',
      ['close'],
    ]) {
      page.deliver('https://shop.example', parent, data);
    }
    expect(received).not.toHaveBeenCalled();
  });

  it('stops listening when unsubscribed, and never listens without a host', () => {
    const { page, stop } = setup();
    expect(page.listenerCount()).toBe(1);
    stop();
    expect(page.listenerCount()).toBe(0);
    const standalone = fakePage({});
    createHostMessenger(standalone).subscribe(() => {});
    expect(standalone.listenerCount()).toBe(0);
  });
});

describe('createHostSession', () => {
  it('toggles the compact layout on minimize/maximize and ends the session on close or cancelled', () => {
    const parent = hostWindow();
    const page = fakePage({ parent, search: '?origin=https://shop.example' });
    const root = document.createElement('html');
    const session = createHostSession(createHostMessenger(page), root);
    const changes = vi.fn();
    session.subscribe(changes);

    page.deliver('https://shop.example', parent, { event: 'minimize' });
    expect(session.getState().compact).toBe(true);
    expect(root.classList.contains(COMPACT_CLASS)).toBe(true);

    page.deliver('https://shop.example', parent, { event: 'maximize' });
    expect(session.getState().compact).toBe(false);
    expect(root.classList.contains(COMPACT_CLASS)).toBe(false);

    page.deliver('https://evil.example', parent, { event: 'close' });
    expect(session.getState().ended).toBeNull();

    page.deliver('https://shop.example', parent, { event: 'update', data: { cart: 2 } });
    expect(session.getState().lastUpdate).toEqual({ cart: 2 });

    page.deliver('https://shop.example', parent, { event: 'cancelled' });
    expect(session.getState().ended).toBe('cancelled');
    expect(changes).toHaveBeenCalledTimes(4);
  });
});

describe('passEscapeToHost', () => {
  const messenger = (mode: 'iframe' | 'redirect' | 'standalone' = 'iframe') => ({ mode, post: vi.fn(() => true) });
  const press = (target: EventTarget, init: KeyboardEventInit = {}) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, ...init }));

  it('tells the host "close" (dismissed) when Escape is pressed anywhere in the framed portal', () => {
    document.body.innerHTML = '<main><label>Name <input id="name"></label></main>';
    const m = messenger();
    const stop = passEscapeToHost(document, m);
    press(document.getElementById('name')!);
    expect(m.post).toHaveBeenCalledWith('close', { status: 'dismissed', step: 'escape' });
    press(document.body, { key: 'Enter' });
    expect(m.post).toHaveBeenCalledTimes(1);
    stop();
    press(document.body);
    expect(m.post).toHaveBeenCalledTimes(1);
  });

  it("leaves Escape to the portal's own dialogs, open lists and handlers that used it", () => {
    document.body.innerHTML =
      '<dialog role="alertdialog" aria-label="idle"></dialog><input id="city" role="combobox" aria-expanded="true">';
    const m = messenger();
    const stop = passEscapeToHost(document, m);
    press(document.getElementById('city')!);
    const used = (e: Event) => e.preventDefault();
    document.body.addEventListener('keydown', used);
    document.getElementById('city')!.setAttribute('aria-expanded', 'false');
    press(document.getElementById('city')!);
    document.body.removeEventListener('keydown', used);
    document.querySelector('dialog')!.setAttribute('open', '');
    press(document.body);
    expect(m.post).not.toHaveBeenCalled();
    // the closed dialog (kept in the page) does not count
    document.querySelector('dialog')!.removeAttribute('open');
    press(document.body);
    expect(m.post).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing outside a frame (a new window or the portal on its own)', () => {
    for (const mode of ['redirect', 'standalone'] as const) {
      const m = messenger(mode);
      passEscapeToHost(document, m)();
      press(document.body);
      expect(m.post).not.toHaveBeenCalled();
    }
  });
});
