// The shopper's toasts (seed 000 section 9: top-right, dismissed after 5000 ms or by their button): one under the
// pointer or holding the focus stays until they leave it, then has its 5000 ms again.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { common } from '../../../machines/i18n/common.ts';
import { shell } from '../../../machines/i18n/shell.ts';
import { I18nProvider } from '../../../web/lib/i18n.tsx';
import { TOAST_MS, ToastProvider, useToasts } from '../../../web/lib/toasts.tsx';

function Pusher() {
  const { push } = useToasts();
  return (
    <button type="button" onClick={() => push('The store could not be refreshed', 'error')}>
      push
    </button>
  );
}

const renderToasts = () =>
  render(
    <I18nProvider areas={[common, shell]} initial="en">
      <ToastProvider>
        <Pusher />
      </ToastProvider>
    </I18nProvider>,
  );

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes away after 5000 ms on its own', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'push' }));
    expect(screen.getByText('The store could not be refreshed')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 10);
    });
    expect(screen.getByText('The store could not be refreshed')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(screen.queryByText('The store could not be refreshed')).not.toBeInTheDocument();
  });

  it('stays while hovered or focused, then has its 5000 ms again', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'push' }));
    const toast = screen.getByRole('listitem');
    fireEvent.mouseEnter(toast);
    act(() => {
      vi.advanceTimersByTime(TOAST_MS * 3);
    });
    expect(toast).toBeInTheDocument();
    fireEvent.mouseLeave(toast);
    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 10);
    });
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    // the keyboard reaches its button: focus holds it too
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss notification' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_MS * 2);
    });
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
