import { Link, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardRunningPrograms } from '../../shared/responses/figures';
import { useMessages } from '../i18n';
import { PanelCard } from '../lists/PanelCard';
import { programEditPath, programsListPath } from '../programs/programPaths';

/** How many programs are running, the first few by name (each opens), and a link to them all. */
export function RunningPrograms({ running }: { running: DashboardRunningPrograms }) {
  const t = useMessages();
  return (
    <PanelCard
      title={t('dashboard.running.title')}
      action={
        <Link component={RouterLink} to={programsListPath('running')}>
          {t('dashboard.running.all')}
        </Link>
      }
    >
      {running.total === 0 ? (
        <Typography color="text.secondary">{t('dashboard.running.empty')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.running.count', { smart_count: running.total })}
          </Typography>
          <List dense disablePadding>
            {running.programs.map((program) => (
              <li key={program.id}>
                <ListItemButton
                  component={RouterLink}
                  to={programEditPath(program.id)}
                  sx={{ px: 1, borderRadius: 1 }}
                >
                  <ListItemText primary={program.name} secondary={program.productName} />
                </ListItemButton>
              </li>
            ))}
          </List>
        </>
      )}
    </PanelCard>
  );
}
