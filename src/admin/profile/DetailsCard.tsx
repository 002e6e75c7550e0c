import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DateField } from 'react-admin';
import { DISPLAY_TIME_ZONE } from '../../shared/constants';
import type { ApiOwnProfile } from '../../shared/responses/users';
import { useMessages } from '../i18n';
import { PanelCard } from '../lists/PanelCard';

/** As the console shows dates elsewhere (format.ts): en-US short, Los Angeles time. */
const DATE_TIME = {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: DISPLAY_TIME_ZONE,
} as const satisfies Intl.DateTimeFormatOptions;
const DATE = { dateStyle: 'short', timeZone: DISPLAY_TIME_ZONE } as const;

/** Who is signed in: name, email, role, the sign-in before this session, and since when. */
export function DetailsCard({ profile }: { profile: ApiOwnProfile }) {
  const t = useMessages();
  const rows: [string, ReactNode][] = [
    [t('profile.name'), profile.fullName],
    [t('profile.email'), profile.email],
    [t('profile.role'), t(`contacts.roles.${profile.role}`)],
    [
      t('profile.lastLogin'),
      profile.lastSignIn ? (
        <DateField
          record={profile}
          source="lastSignIn"
          showTime
          locales="en-US"
          options={DATE_TIME}
        />
      ) : (
        t('profile.firstSignIn')
      ),
    ],
    [
      t('profile.memberSince'),
      <DateField
        key="createdAt"
        record={profile}
        source="createdAt"
        locales="en-US"
        options={DATE}
      />,
    ],
  ];
  return (
    <PanelCard title={t('profile.detailsTitle')}>
      <Typography component="dl" sx={{ m: 0 }}>
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
      </Typography>
    </PanelCard>
  );
}
