import { describe, expect, it } from 'vitest';
import { shopperCsp } from '../../../functions/platform/security-headers.ts';
import { publicSiteShell, SHELL_CACHE_MS } from '../../../functions/platform/shopper-shell.ts';

// The embed page in AWS (GET /embed/{shell+}): the function answers the site's own shell with the store's policy.
// Here the two pieces it is made of: the shell read through the distribution, and the store's frame-ancestors.

const frameAncestors = (csp: string) => /frame-ancestors ([^;]+)/.exec(csp)?.[1];

function fakeSite(pages: (string | Error | number)[]) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    asked.push(url);
    const next = pages.shift();
    if (next instanceof Error) throw next;
    if (typeof next === 'number') return new Response('nope', { status: next });
    return new Response(next ?? '', { status: 200 });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

describe("the site's shell, read through the distribution", () => {
  it('fetches /index.html of the public URL once, and again after a minute (a deploy shows)', async () => {
    let now = 1_000;
    const site = fakeSite(['<title>build 1</title>', '<title>build 2</title>']);
    const shell = publicSiteShell('https://d111.cloudfront.net/', { fetch: site.fetch, now: () => now });
    expect(await shell()).toBe('<title>build 1</title>');
    now += SHELL_CACHE_MS - 1;
    expect(await shell()).toBe('<title>build 1</title>');
    expect(site.asked).toEqual(['https://d111.cloudfront.net/index.html']);
    now += 2;
    expect(await shell()).toBe('<title>build 2</title>');
    expect(site.asked).toHaveLength(2);
  });

  it('asks once for concurrent requests of a cold function', async () => {
    const site = fakeSite(['<title>shell</title>']);
    const shell = publicSiteShell('https://d111.cloudfront.net', { fetch: site.fetch });
    const pages = await Promise.all([shell(), shell(), shell()]);
    expect(pages).toEqual(['<title>shell</title>', '<title>shell</title>', '<title>shell</title>']);
    expect(site.asked).toHaveLength(1);
  });

  it('keeps serving the last good shell when the site fails, and none before it ever answered', async () => {
    let now = 0;
    const site = fakeSite([new Error('network down'), '<title>good</title>', 503, new Error('timeout')]);
    const shell = publicSiteShell('https://d111.cloudfront.net', { fetch: site.fetch, now: () => now });
    expect(await shell()).toBeUndefined();
    expect(await shell()).toBe('<title>good</title>');
    now += SHELL_CACHE_MS + 1;
    expect(await shell()).toBe('<title>good</title>');
    expect(await shell()).toBe('<title>good</title>');
  });
});

describe("the store's frame-ancestors", () => {
  it("lists our own pages and the retailer's registered origins, nothing that is not an origin", () => {
    expect(frameAncestors(shopperCsp(['https://shop.example', 'http://localhost:5173']))).toBe(
      "'self' https://shop.example http://localhost:5173",
    );
    expect(
      frameAncestors(shopperCsp(['https://shop.example/path', "'unsafe-inline'", '*', 'https://a.example;x'])),
    ).toBe("'self'");
    expect(frameAncestors(shopperCsp([]))).toBe("'self'");
  });
});
