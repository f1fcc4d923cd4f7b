// The shopper portal's HTML shell (index.html of the web build), which the embed page (/embed/{retailer}/{store}/)
// answers with the store's own frame-ancestors. Locally it is read from the build; in AWS it is the site's own
// /index.html, fetched through the distribution (PUBLIC_URL), so the function needs no grant on the site bucket and
// always serves the shell of the build CloudFront serves (a deploy invalidates it there).

/** Reads the shell; undefined when there is none (no web build). */
export type ShopperShellSource = () => Promise<string | undefined>;

/** How long a fetched shell is reused: a deploy's new shell is served within a minute. */
export const SHELL_CACHE_MS = 60_000;

export function publicSiteShell(
  publicUrl: string,
  options: { fetch?: typeof fetch; now?: () => number } = {},
): ShopperShellSource {
  const get = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let cached: { html: string; until: number } | undefined;
  let pending: Promise<string | undefined> | undefined;
  return async () => {
    if (cached && cached.until > now()) return cached.html;
    // One fetch for concurrent requests of a cold function.
    pending ??= (async () => {
      try {
        const res = await get(`${publicUrl.replace(/\/$/, '')}/index.html`, { signal: AbortSignal.timeout(5_000) });
        if (!res.ok) return cached?.html;
        const html = await res.text();
        cached = { html, until: now() + SHELL_CACHE_MS };
        return html;
      } catch {
        // A failed fetch serves the last good shell rather than no page.
        return cached?.html;
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  };
}
