/** One choice of a select: the value it sends and the text it shows. */
export interface SelectChoice {
  value: string;
  label: string;
}

/** A select's options with an empty first one ("Choose…") that stands for no choice yet. */
export function PlaceholderOptions({
  placeholder,
  choices,
}: {
  placeholder: string;
  choices: readonly SelectChoice[];
}) {
  const options = choices.map(({ value, label }) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
  return (
    <>
      <option value="">{placeholder}</option>
      {options}
    </>
  );
}
