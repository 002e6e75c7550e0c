import { Box, CircularProgress, Typography } from '@mui/material';
import { useMessages } from '../i18n';

/** 'Loading...' while the session is checked or a screen's code is fetched. */
export function LoadingPage({ label }: { label?: string }) {
  const t = useMessages();
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: '50vh',
      }}
    >
      <CircularProgress size={28} />
      <Typography color="text.secondary">{label ?? t('app.loading')}</Typography>
    </Box>
  );
}
