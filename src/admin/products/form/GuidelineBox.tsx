import { Alert, AlertTitle, Box } from '@mui/material';
import { useMessages, type MessageKey } from '../../i18n';

const POINTS: MessageKey[] = [
  'products.guidelines.length',
  'products.guidelines.links',
  'products.guidelines.media',
  'products.guidelines.characters',
  'products.guidelines.optOut',
];

/** The guideline box of the product form. */
export function GuidelineBox() {
  const t = useMessages();
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }}>
      <AlertTitle>{t('products.guidelines.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {POINTS.map((point) => (
          <li key={point}>{t(point)}</li>
        ))}
      </Box>
    </Alert>
  );
}
