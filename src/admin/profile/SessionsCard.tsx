import {
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, HttpError, useDataProvider, useNotify } from 'react-admin';
import type { ApiOwnSession } from '../../shared/responses/users';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { LoadError } from '../lists/LoadError';
import { PanelCard } from '../lists/PanelCard';
import { useSuccessNotice } from '../lists/useSuccessNotice';
import type { TidingsDataProvider } from '../providers/dataProvider';
import { serverMessage } from '../providers/httpClient';
import { deviceName } from './deviceName';
import { profileKeys, useOwnSessions } from './profileQueries';

function SessionRow({
  row,
  onSignOut,
}: {
  row: ApiOwnSession;
  onSignOut: (row: ApiOwnSession) => void;
}) {
  const t = useMessages();
  const details = [
    t('profile.sessions.started', { time: formatDateTime(row.createdAt) }),
    t('profile.sessions.lastActive', { time: formatDateTime(row.lastSeenAt) }),
    row.ip ? t('profile.sessions.ip', { ip: row.ip }) : t('profile.sessions.unknownIp'),
  ].join(' · ');
  return (
    <ListItem
      divider
      disableGutters
      secondaryAction={
        row.current ? (
          <Chip size="small" color="primary" label={t('profile.sessions.thisDevice')} />
        ) : (
          <Button size="small" onClick={() => onSignOut(row)}>
            {t('profile.sessions.signOut')}
          </Button>
        )
      }
    >
      <ListItemText
        // The raw user agent on hover: the name is a guess made from it.
        primary={<span title={row.userAgent ?? undefined}>{deviceName(row.userAgent)}</span>}
        secondary={details}
        sx={{ pr: 14 }}
      />
    </ListItem>
  );
}

/**
 * The user's live sessions, newest first, this one marked 'This device'. 'Sign out everywhere
 * else' (after a confirmation) ends all the others; each other one can also be ended alone.
 */
export function SessionsCard() {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notice = useSuccessNotice();
  const { data, error, isPending, refetch } = useOwnSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [ending, setEnding] = useState<ApiOwnSession | null>(null);

  const failed = (e: unknown) =>
    notify(
      e instanceof HttpError
        ? serverMessage(e, t('profile.sessions.signOutFailed'))
        : t('profile.network'),
      { type: 'error' },
    );
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions });

  const signOutOthers = useMutation({
    mutationFn: () => dataProvider.signOutOtherSessions(),
    onSuccess: ({ signedOut }) =>
      notice(t('profile.sessions.signedOutOthers', { smart_count: signedOut })),
    onError: failed,
    onSettled: () => {
      setConfirmOthers(false);
      return refresh();
    },
  });
  const endOne = useMutation({
    mutationFn: (id: string) => dataProvider.endOwnSession(id),
    onSuccess: () => notice(t('profile.sessions.signedOutOne')),
    onError: failed,
    onSettled: () => {
      setEnding(null);
      return refresh();
    },
  });

  const others = data?.filter((row) => !row.current) ?? [];
  let body;
  if (isPending) {
    body = <CircularProgress size={24} aria-label={t('app.loading')} />;
  } else if (error) {
    body = (
      <LoadError
        error={error}
        texts={{
          fetch: t('profile.sessions.loadFailed'),
          load: t('profile.sessions.loadFailedNetwork'),
        }}
        onRetry={refetch}
        sx={{ mb: 0 }}
      />
    );
  } else {
    body = (
      <>
        <List disablePadding aria-label={t('profile.sessions.title')}>
          {data.map((row) => (
            <SessionRow key={row.id} row={row} onSignOut={setEnding} />
          ))}
        </List>
        {others.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('profile.sessions.onlyThisDevice')}
          </Typography>
        )}
      </>
    );
  }

  return (
    <PanelCard
      title={t('profile.sessions.title')}
      action={
        others.length > 0 && (
          <Button variant="outlined" color="warning" onClick={() => setConfirmOthers(true)}>
            {t('profile.sessions.signOutOthers')}
          </Button>
        )
      }
    >
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('profile.sessions.intro')}
      </Typography>
      {body}
      <Confirm
        isOpen={confirmOthers}
        loading={signOutOthers.isPending}
        title={t('profile.sessions.signOutOthersTitle')}
        content={t('profile.sessions.signOutOthersConfirm')}
        confirm={t('profile.sessions.signOutOthers')}
        onConfirm={() => signOutOthers.mutate()}
        onClose={() => setConfirmOthers(false)}
      />
      <Confirm
        isOpen={ending !== null}
        loading={endOne.isPending}
        title={t('profile.sessions.signOutOne')}
        content={t('profile.sessions.signOutOneConfirm', {
          device: ending ? deviceName(ending.userAgent) : '',
        })}
        confirm={t('profile.sessions.signOut')}
        onConfirm={() => ending && endOne.mutate(ending.id)}
        onClose={() => setEnding(null)}
      />
    </PanelCard>
  );
}
