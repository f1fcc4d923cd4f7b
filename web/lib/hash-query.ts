// Hash routing keeps the query string before the hash (`/?lang=es#/apply`), which is what wouter's hash location
// reads and preserves on navigation. Links from retailers often put it inside the hash instead
// (`/#/demo/main/initiate?origin=...&iframe=1`); this moves such a query in front of the hash (merged over the
// existing one) without adding a history entry, so routes match and `useSearch` sees every parameter.
export function normalizeHashQuery(): void {
  const { hash } = window.location;
  const at = hash.indexOf('?');
  if (at < 0) return;
  const url = new URL(window.location.href);
  const inner = new URLSearchParams(hash.slice(at + 1));
  inner.forEach((value, key) => url.searchParams.set(key, value));
  url.hash = hash.slice(0, at);
  history.replaceState(history.state, '', url.href);
}
