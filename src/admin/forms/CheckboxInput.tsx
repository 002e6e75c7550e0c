import { Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { useId, type ChangeEvent } from 'react';
import { InputHelperText, useInput } from 'react-admin';

/**
 * A boolean as a checkbox, the spec's control (react-admin's BooleanInput is a switch), bound
 * with react-admin's `useInput`; its help text below, or the value's error. `onChange` runs after
 * the value changes, for rules that tie one checkbox to another.
 */
export function CheckboxInput({
  source,
  label,
  helperText,
  disabled,
  onChange,
}: {
  source: string;
  label: string;
  helperText?: string;
  disabled?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { field, fieldState } = useInput({ source, type: 'checkbox', onChange });
  const helpId = useId();
  const error = fieldState.error?.message;
  const described = Boolean(error || helperText);
  return (
    <Box>
      <FormControlLabel
        disabled={disabled}
        label={label}
        control={
          <Checkbox
            name={field.name}
            inputRef={field.ref}
            checked={Boolean(field.value)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            slotProps={{ input: { 'aria-describedby': described ? helpId : undefined } }}
          />
        }
      />
      {described && (
        <FormHelperText id={helpId} error={Boolean(error)} sx={{ mt: -0.5, ml: 4 }}>
          <InputHelperText error={error} helperText={helperText} />
        </FormHelperText>
      )}
    </Box>
  );
}
