// Used by the entries whose first screen the build prerenders (web/shopper/main.tsx, web/customer/main.tsx).

/**
 * Resolves once the page's prerendered first screen (the build's copies in index.html: web/shopper/shell/
 * prerender.tsx, web/customer/prerender.tsx) has painted, at most after `capMs`;
 * at once when none shows (boot.ts marked none, or a dev server without the prerender) or the page is hidden.
 * The app's first render replaces that screen with the same markup; starting it only after the paint keeps the
 * app's work from holding the first paint back, and the paint on record.
 * The first contentful paint can come while the parser is still midway through index.html (the header painted, the
 * form not yet). This module runs once parsing ended and waits two more frames: after one, the app often replaced the
 * copy before its form had painted (npm run bench:shopper, 4x CPU), and the page's largest paint was then the app's.
 */
export function prerenderPainted(capMs: number): Promise<void> {
  const shell = document.documentElement.dataset.shell;
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (!shell || shell === 'none' || document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    };
    const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));
    const timer = setTimeout(done, capMs);
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      afterTwoFrames();
    });
    if (painted()) afterTwoFrames();
    else observer.observe({ type: 'paint', buffered: true });
  });
}
