import type { ReactNode } from 'react';

type SingleActionProps = {
  /** `submit` for the button that sends its form. */
  type?: 'button' | 'submit';
  /** The lesser way on (`button--secondary`). */
  secondary?: boolean;
  /** Aligned to the start of the row (`actions--start`) rather than spread as the row's CSS places it. */
  start?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
};

/** A screen's row of actions when it holds one button only: the markup every such row shares. */
export function SingleAction({
  type = 'button',
  secondary = false,
  start = false,
  disabled,
  onClick,
  children,
}: SingleActionProps) {
  return (
    <div className={start ? 'actions actions--start' : 'actions'}>
      <button
        type={type}
        className={secondary ? 'button button--secondary' : 'button'}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </button>
    </div>
  );
}
