import { TextField, type TextFieldProps } from '@mui/material';
import { useController } from 'react-hook-form';

/** A text field bound to a form value, showing that value's error (or the helper text). */
export function FormTextField({
  name,
  helperText,
  ...props
}: { name: string } & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, fieldState } = useController({ name });
  return (
    <TextField
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
