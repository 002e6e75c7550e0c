import { Card, CardContent, Typography } from '@mui/material';
import { LIMITS } from '../../shared/constants';
import { useMessages } from '../i18n';

/** /help: how the parts of Tidings fit together (the spec does not show this screen). */
export default function HelpPage() {
  const t = useMessages();
  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('help.title')}
        </Typography>
        <Typography paragraph>{t('help.intro')}</Typography>
        <ul>
          <li>{t('help.products', { minDays: LIMITS.daysMin, maxDays: LIMITS.daysMax })}</li>
          <li>{t('help.programs')}</li>
          <li>{t('help.contacts')}</li>
          <li>{t('help.pods')}</li>
        </ul>
        <Typography>
          {t('help.limits', { text: LIMITS.messageText, url: LIMITS.linkUrl })}
        </Typography>
      </CardContent>
    </Card>
  );
}
