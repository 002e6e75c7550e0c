import { Button } from '@mui/material';
import { useFormState } from 'react-hook-form';

/**
 * The one submit button of a public page's form (inside react-admin's `Form`); its label says when
 * the call is under way.
 */
export function SubmitButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
      {isSubmitting ? busyLabel : label}
    </Button>
  );
}
