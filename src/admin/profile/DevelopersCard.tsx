import { Link, Typography } from '@mui/material';
import { LinkButton } from '../lists/ListParts';
import { PanelCard } from '../lists/PanelCard';
import { useMessages } from '../i18n';

/** Admins: where scripts and other systems get their access (API keys), and the API's reference. */
export function DevelopersCard() {
  const t = useMessages();
  return (
    <PanelCard
      title={t('apiKeys.developerTitle')}
      action={<LinkButton to="/api-keys" text="apiKeys.manage" />}
    >
      <Typography variant="body2" color="text.secondary">
        {t('apiKeys.developerIntro')}{' '}
        {/* Swagger UI is the server's page, outside the console: a plain link. */}
        <Link href="/api/docs">{t('apiKeys.apiReference')}</Link>
      </Typography>
    </PanelCard>
  );
}
