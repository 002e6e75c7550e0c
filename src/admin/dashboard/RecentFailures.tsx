import { Box, Link, List, ListItemButton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardFailure } from '../../shared/responses/figures';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { PanelCard } from '../lists/PanelCard';
import { MessageStatusChip } from '../messages/MessageStatusChip';
import { messagePath } from '../messages/messagePaths';
import { errorText } from '../messages/messageText';
import { ANALYTICS_PATH, failedMessagesPath } from './dashboardPaths';

type Translate = ReturnType<typeof useMessages>;

/** 'Spring Steps · Day 3', or what the message was when no program sent it ('Test message'). */
function whatItWas(t: Translate, failure: DashboardFailure): string {
  if (!failure.programName) return t(`delivery.kinds.${failure.kind}`);
  if (failure.day === null) return failure.programName;
  const day =
    failure.day === 0
      ? t('products.dayTitles.pre')
      : t('products.dayTitles.day', { n: failure.day });
  return t('conversations.programDay', { program: failure.programName, day });
}

function FailureItem({ failure }: { failure: DashboardFailure }) {
  const t = useMessages();
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={messagePath(failure.id)}
        alignItems="flex-start"
        sx={{ px: 1, borderRadius: 1, display: 'block' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" fontWeight={500}>
            {failure.contactName ?? failure.toPhone}
          </Typography>
          <MessageStatusChip status={failure.status} focusable={false} />
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto !important' }}>
            {formatDateTime(failure.at)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {whatItWas(t, failure)}
        </Typography>
        <Typography variant="body2">
          {errorText(failure) ?? t('delivery.panel.noReason')}
        </Typography>
      </ListItemButton>
    </li>
  );
}

/**
 * The messages that failed last (newest first), each opening its page with its history, and links
 * to every failed message and to the delivery figures over time.
 */
export function RecentFailures({ failures }: { failures: DashboardFailure[] }) {
  const t = useMessages();
  return (
    <PanelCard
      title={t('dashboard.failures.title')}
      action={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={failedMessagesPath()}>
            {t('dashboard.failures.all')}
          </Link>
          <Link component={RouterLink} to={ANALYTICS_PATH}>
            {t('dashboard.failures.analytics')}
          </Link>
        </Box>
      }
    >
      {failures.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.failures.empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {failures.map((failure) => (
            <FailureItem key={failure.id} failure={failure} />
          ))}
        </List>
      )}
    </PanelCard>
  );
}
