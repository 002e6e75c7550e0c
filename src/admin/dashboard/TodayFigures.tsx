import { useId } from 'react';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardToday } from '../../shared/responses/figures';
import { formatCount, formatLongDay } from '../format';
import { useMessages } from '../i18n';
import { useSimulation } from '../simulation/useSimulation';
import { dueTodayPath, failedTodayPath, sentTodayPath } from './dashboardPaths';

interface FigureProps {
  name: string;
  help: string;
  count: number;
  to: string;
  /** Shown in red when above zero: something needs a look. */
  alarming?: boolean;
}

/**
 * One figure: a card whose name and count are a link to the list of what it counts (named by
 * what it shows, as WCAG 2.5.3 asks); the help below describes it.
 */
function Figure({ name, help, count, to, alarming = false }: FigureProps) {
  const helpId = useId();
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} aria-describedby={helpId}>
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="subtitle2" component="p" color="text.secondary">
            {name}
          </Typography>
          <Typography
            variant="h4"
            component="p"
            color={alarming && count > 0 ? 'error' : 'text.primary'}
          >
            {formatCount(count)}
          </Typography>
        </CardContent>
      </CardActionArea>
      <CardContent sx={{ pt: 0.5 }}>
        <Typography id={helpId} variant="body2" color="text.secondary">
          {help}
        </Typography>
      </CardContent>
    </Card>
  );
}

const FIGURES = [
  { key: 'due', path: dueTodayPath, alarming: false },
  { key: 'sent', path: sentTodayPath, alarming: false },
  { key: 'failed', path: failedTodayPath, alarming: true },
] as const;

/** Today's due, sent and failed messages (Los Angeles' calendar day), each a link to them. */
export function TodayFigures({ today }: { today: DashboardToday }) {
  const t = useMessages();
  const { sms } = useSimulation();
  // While SMS is simulated, what was 'sent' went to the server log, not to a phone.
  const name = (key: (typeof FIGURES)[number]['key']) =>
    sms && key === 'sent' ? t('simulation.sentToday') : t(`dashboard.today.${key}`);
  const help = (key: (typeof FIGURES)[number]['key']) =>
    sms && key === 'sent' ? t('simulation.sentTodayHelp') : t(`dashboard.today.${key}Help`);
  return (
    <Box component="section" aria-label={t('dashboard.today.title')} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t('dashboard.today.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.today.date', { date: formatLongDay(today.date) })}
        </Typography>
      </Box>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}
      >
        {FIGURES.map(({ key, path, alarming }) => (
          <Figure
            key={key}
            name={name(key)}
            help={help(key)}
            count={today[key]}
            to={path(today)}
            alarming={alarming}
          />
        ))}
      </Box>
    </Box>
  );
}
