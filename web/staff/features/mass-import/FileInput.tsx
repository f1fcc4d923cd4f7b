// The labelled file input of the two import forms (a spreadsheet of records, a file of payments).
import { useId } from 'react';

export function FileInput({
  label,
  accept,
  describedBy,
  onPick,
}: {
  label: string;
  accept: string;
  describedBy?: string;
  /** The picked file, or null when the choice is cleared. */
  onPick: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>{' '}
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={describedBy}
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
      />
    </>
  );
}
