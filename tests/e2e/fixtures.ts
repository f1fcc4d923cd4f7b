import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core (WCAG 2.0/2.1 A+AA and 2.2 AA rules) on the page as shown now and expects no violations.
 * A page with frames (the card vault, the drop-in modal) is checked frame by frame and the results put together in a
 * blank page (axe's default, which reaches cross-origin frames); a page without one by axe.run in the page (the
 * builder's legacy mode): the same rules on the same document, without that blank page, about 1 s less a check.
 */
export async function expectAccessible(page: Page, what = page.url()): Promise<void> {
  const framed = page.frames().length > 1;
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(!framed).analyze();
  const summary = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
  }));
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

/** The shopper portal's sessionStorage entries (apply tokens are kept there, scoped per store). */
export async function sessionEntries(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i)!;
      out[key] = sessionStorage.getItem(key) ?? '';
    }
    return out;
  });
}

/** The apply session's headers as the shopper page sends them (its token for the current store and its client id). */
export async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const current = sessionStorage.getItem('lto.apply.current');
    const saved = JSON.parse(sessionStorage.getItem(`lto.apply.token:${current}`) ?? '{}') as { token?: string };
    return { 'x-apply-token': saved.token ?? '', 'x-client-id': sessionStorage.getItem('lto.clientId') ?? '' };
  });
}
