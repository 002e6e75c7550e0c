import { Link, Stack, Typography } from '@mui/material';
import { LinkButton } from '../lists/ListParts';
import { PanelCard } from '../lists/PanelCard';
import { useMessages } from '../i18n';

/**
 * Admins: where scripts and other systems get their access (API keys), where Tidings tells them
 * what happened (webhooks), and the API's reference.
 */
export function DevelopersCard() {
  const t = useMessages();
  return (
    <PanelCard
      title={t('apiKeys.developerTitle')}
      action={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <LinkButton to="/api-keys" text="apiKeys.manage" />
          <LinkButton to="/webhooks" text="webhooks.manage" />
        </Stack>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('apiKeys.developerIntro')}{' '}
        {/* Swagger UI is the server's page, outside the console: a plain link. */}
        <Link href="/api/docs">{t('apiKeys.apiReference')}</Link>
      </Typography>
    </PanelCard>
  );
}
