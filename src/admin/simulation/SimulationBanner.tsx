import { Box, Link, Typography } from '@mui/material';
import { darken, lighten } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { useMessages } from '../i18n';
import { useSimulation } from './useSimulation';

/** Help's section on setting up SMS and email (its heading's anchor in help.md). */
export const SET_UP_HELP_PATH = '/help#setting-up-sending-sms-and-email';

/**
 * On every screen while SMS or email is simulated, so nobody takes a logged message for one that
 * reached a phone or an inbox. It sits in the page's flow (never over content) and cannot be
 * closed: it is true for as long as the server runs so. The colours are MUI's standard warning
 * alert's, dark on light, well above WCAG AA's 4.5:1.
 */
export function SimulationBanner() {
  const t = useMessages();
  const { sms, email } = useSimulation();
  if (!sms && !email) return null;
  const text = sms && email ? 'both' : sms ? 'sms' : 'email';
  return (
    <Box
      component="aside"
      aria-label={t('simulation.banner.label')}
      sx={(theme) => ({
        bgcolor: lighten(theme.palette.warning.main, 0.9),
        color: darken(theme.palette.warning.main, 0.6),
        borderBottom: `1px solid ${lighten(theme.palette.warning.main, 0.5)}`,
        px: { xs: 2, md: 3 },
        py: 1,
      })}
    >
      <Typography variant="body2" sx={{ maxWidth: 1400, mx: 'auto' }}>
        {t(`simulation.banner.${text}`)}{' '}
        <Link
          component={RouterLink}
          to={SET_UP_HELP_PATH}
          color="inherit"
          underline="always"
          sx={{ fontWeight: 600 }}
        >
          {t('simulation.banner.setUp')}
        </Link>
      </Typography>
    </Box>
  );
}
