import { Typography } from '@mui/material';
import { LinkButton } from '../lists/ListParts';
import { PanelCard } from '../lists/PanelCard';
import { useMessages } from '../i18n';

/** Admins: where scripts and other systems get their access (API keys). */
export function DevelopersCard() {
  const t = useMessages();
  return (
    <PanelCard
      title={t('apiKeys.developerTitle')}
      action={<LinkButton to="/api-keys" text="apiKeys.manage" />}
    >
      <Typography variant="body2" color="text.secondary">
        {t('apiKeys.developerIntro')}
      </Typography>
    </PanelCard>
  );
}
