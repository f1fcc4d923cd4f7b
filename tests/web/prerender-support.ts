// The prerender tests of the shopper page and the account page: the copies the build puts into the page, and their
// boot scripts run at an address.
import { vi } from 'vitest';

/** The prerendered copies, as the build puts them into the page's HTML. */
export function prerenderedCopies(renderShells: () => string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderShells();
  return root;
}

/**
 * Runs a boot script (a classic script: it runs when it loads, so each run loads it afresh) at an address and answers
 * what it set on the page: the language, the brand and the picture shown, and the rest of the root's data.
 */
export async function bootAt(url: string, load: () => Promise<unknown>) {
  history.replaceState(null, '', url);
  vi.resetModules();
  await load();
  const { lang, dataset } = document.documentElement;
  return { lang, brand: dataset.brand, shell: dataset.shell, dataset };
}

/** Before each boot: nothing stored, the page in English. */
export function freshPage() {
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.lang = 'en';
}
