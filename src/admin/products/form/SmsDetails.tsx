import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import { analyzeSms, replaceWithGsm } from '../../../shared/sms';
import { countedMessage, type MessageSettings } from '../../../shared/message-settings';
import { smsBody } from '../../../shared/product';
import type { MessageLink } from '../../../shared/responses/products';
import { useMessages } from '../../i18n';

/**
 * How the message will travel: encoding and segment count (beyond the spec). Characters that force
 * Unicode are named, with a one-click replacement for those that have a plain equivalent. A
 * product message (`settings` given) is measured as MessageCounter measures it.
 */
export function SmsDetails({
  text,
  links,
  settings,
  onReplace,
}: {
  text: string;
  links: MessageLink[];
  settings?: MessageSettings;
  onReplace: (text: string) => void;
}) {
  const t = useMessages();
  const sms = analyzeSms(
    smsBody(settings ? countedMessage({ text, links }, settings) : { text, links }),
  );
  const replaceable = sms.unicodeCharacters.some((c) => c.replacement !== undefined);
  const hasEmoji = sms.unicodeCharacters.some((c) => c.replacement === undefined);
  return (
    <Box sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          variant="outlined"
          color={sms.encoding === 'GSM-7' ? 'default' : 'warning'}
          label={sms.encoding === 'GSM-7' ? t('products.sms.gsm') : t('products.sms.ucs2')}
        />
        <Typography variant="caption" color="text.secondary">
          {t('products.sms.segments', { count: sms.segments })}
          {sms.segments > 0 &&
            ` · ${t('products.sms.unitsOfSegment', { units: sms.units, perSegment: sms.perSegment })}`}
        </Typography>
      </Box>
      {sms.unicodeCharacters.length > 0 && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            replaceable ? (
              <Button color="inherit" size="small" onClick={() => onReplace(replaceWithGsm(text))}>
                {t('products.sms.replace')}
              </Button>
            ) : undefined
          }
        >
          {t('products.sms.unicodeWarning')}{' '}
          {sms.unicodeCharacters.map((c) => (
            <Box
              component="code"
              key={c.char}
              sx={{ mx: 0.5, px: 0.5, bgcolor: 'action.hover', borderRadius: 0.5 }}
            >
              {c.char === '\u00a0' ? 'no-break space' : c.char}
            </Box>
          ))}
          {hasEmoji && (
            <Typography variant="caption" component="div">
              {t('products.sms.emojiNote')}
            </Typography>
          )}
        </Alert>
      )}
    </Box>
  );
}
