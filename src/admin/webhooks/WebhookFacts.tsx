import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Webhook } from '../../shared/responses/webhooks';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { WebhookStatusChip } from './WebhookStatusChip';

/** A label and its value, as a row of the description list. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** What the form does not change: where the endpoint stands, and who added it when. */
export function WebhookFacts({ webhook }: { webhook: Webhook }) {
  const t = useMessages();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
        m: 0,
        mb: 2,
      }}
    >
      <Fact label={t('webhooks.fields.status')}>
        <WebhookStatusChip webhook={webhook} />
      </Fact>
      {webhook.failingSince && (
        <Fact label={t('webhooks.fields.failingSince')}>
          {formatDateTime(webhook.failingSince)}
        </Fact>
      )}
      <Fact label={t('webhooks.fields.createdAt')}>{formatDateTime(webhook.createdAt)}</Fact>
      {/* The admin who added it may since have been deleted. */}
      {webhook.createdBy && (
        <Fact label={t('webhooks.fields.createdBy')}>{webhook.createdBy.fullName}</Fact>
      )}
    </Box>
  );
}
