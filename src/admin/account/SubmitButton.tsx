import { Button } from '@mui/material';

/** The one submit button of a public page's form; its label says when the call is under way. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
      {busy ? busyLabel : label}
    </Button>
  );
}
