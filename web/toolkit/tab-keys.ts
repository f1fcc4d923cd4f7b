// The keyboard of the ARIA tabs pattern, for any tablist of buttons: Arrow Right/Left move to the next/previous tab
// (wrapping round), Home and End to the first and last; the tab reached is selected and takes the focus.
import { useRef, type KeyboardEvent } from 'react';

/** The tab a key moves to from `index` among `count` tabs, or undefined when the key does not move. */
export function tabIndexAfterKey(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  if (key === 'ArrowRight') return index === last ? 0 : index + 1;
  if (key === 'ArrowLeft') return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}

/**
 * `tabRef(index)` goes on each tab button; `onKeyDown(event, index)` on each with the index the key moves from.
 * `select` is told the index of the tab reached.
 */
export function useTabKeys(count: number, select: (index: number) => void) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabRef = (index: number) => (el: HTMLButtonElement | null) => {
    buttons.current[index] = el;
  };
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = tabIndexAfterKey(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    buttons.current[next]?.focus();
  }
  return { tabRef, onKeyDown };
}
