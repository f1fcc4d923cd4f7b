import { options } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

// The shopper page runs on preact/compat (vite.config.ts, shopperOnPreact), whose build sends `react-dom/client`
// here. Preact runs passive effects (useEffect: subscriptions, actor starts) after the next frame; React also runs
// them before it handles the next discrete input. Without that, a click or keystroke that lands between a render and
// the frame after it reaches a form whose effects have not run yet (CI caught a Continue that did nothing). So:
// after the next frame as Preact does, or at the first input before then, whichever comes first.
const RAF_TIMEOUT_MS = 35;
const DISCRETE_INPUTS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'input', 'click', 'submit'];

let pending: (() => void) | null = null;
const flushPending = () => {
  const flush = pending;
  pending = null;
  flush?.();
};
for (const type of DISCRETE_INPUTS) addEventListener(type, flushPending, { capture: true, passive: true });

options.requestAnimationFrame = (flush: () => void) => {
  pending = flush;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(flushPending);
  };
  const timeout = setTimeout(done, RAF_TIMEOUT_MS);
  const frame = requestAnimationFrame(done);
};
