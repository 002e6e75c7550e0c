import { Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { useId } from 'react';
import { useController } from 'react-hook-form';

/**
 * A checkbox bound to a boolean form value, with its help text below (or the value's error).
 * `onToggle` runs after the value changes, for rules that tie one checkbox to another.
 */
export function FormCheckbox({
  name,
  label,
  help,
  disabled,
  onToggle,
}: {
  name: string;
  label: string;
  help?: string;
  disabled?: boolean;
  onToggle?: (checked: boolean) => void;
}) {
  const { field, fieldState } = useController({ name });
  const helpId = useId();
  const message = fieldState.error?.message ?? help;
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
            onChange={(event) => {
              field.onChange(event.target.checked);
              onToggle?.(event.target.checked);
            }}
            onBlur={field.onBlur}
            slotProps={{ input: { 'aria-describedby': message ? helpId : undefined } }}
          />
        }
      />
      {message && (
        <FormHelperText id={helpId} error={Boolean(fieldState.error)} sx={{ mt: -0.5, ml: 4 }}>
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
