import { useMemo } from 'react';
import { SelectInput } from 'react-admin';

/** A select whose value is always one of `values`, shown as they are: no empty choice. */
export function ChoiceSelect({
  source,
  label,
  values,
}: {
  source: string;
  label: string;
  values: readonly string[];
}) {
  const choices = useMemo(() => values.map((value) => ({ id: value, name: value })), [values]);
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      isRequired
      translateChoice={false}
      helperText={false}
      fullWidth
    />
  );
}
