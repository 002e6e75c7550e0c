import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DateField, useGetIdentity } from 'react-admin';
import { DISPLAY_TIME_ZONE } from '../../shared/constants';
import { useMessages } from '../i18n';

/** /profile: who is signed in (the spec does not show this screen). */
export default function ProfilePage() {
  const t = useMessages();
  const { identity } = useGetIdentity();
  if (!identity) return null;
  const rows: [string, ReactNode][] = [
    [t('profile.name'), identity.fullName],
    [t('profile.email'), identity.email as string],
    [t('profile.role'), identity.role as string],
    [
      t('profile.lastLogin'),
      identity.lastLogin ? (
        <DateField
          record={identity}
          source="lastLogin"
          showTime
          options={{ dateStyle: 'short', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE }}
        />
      ) : (
        t('app.never')
      ),
    ],
  ];
  return (
    <Card sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('profile.title')}
        </Typography>
        <dl>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ ml: 0, mb: 1.5 }}>
                {value}
              </Typography>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
