import type { ReactNode } from 'react';

/** One term and its value in a facts list (`<dl className="facts">`). */
export function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
