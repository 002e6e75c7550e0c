import { Card, CardContent, Box, Typography } from '@mui/material';
import { memo } from 'react';
import { TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { MessageLink } from '../../../shared/responses/products';
import { useMessages } from '../../i18n';
import { AddLinkButton, LinkRows, useMessageLinks } from './LinksEditor';
import { MediaField } from './MediaField';
import { MessageCounter } from './MessageCounter';
import { useMessageSettings } from './messageSettings';
import { SmsDetails } from './SmsDetails';

export const dayElementId = (day: number) => `day-${day}`;
export const dayTextId = (day: number) => `day-${day}-text`;
/** The form's sticky top bar: a day scrolled to lands below it. */
export const STICKY_BAR_HEIGHT = 88;

/**
 * The editor of one message (a day of the product). It subscribes to its own fields only, so
 * typing in one day re-renders that day alone, however many days the product has.
 */
export const MessageEditor = memo(function MessageEditor({
  path,
  day,
  title,
}: {
  path: string;
  day: number;
  title: string;
}) {
  const t = useMessages();
  const { setValue, formState } = useFormContext();
  const text = (useWatch({ name: `${path}.text` }) as string | undefined) ?? '';
  const links = (useWatch({ name: `${path}.links` }) as MessageLink[] | undefined) ?? [];
  const linkFields = useMessageLinks(path);
  const settings = useMessageSettings();
  // As typing would: checked again at once only after a first submit (the form's reValidateMode).
  const replaceText = (next: string) =>
    setValue(`${path}.text`, next, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  return (
    <Card
      variant="outlined"
      id={dayElementId(day)}
      sx={{ scrollMarginTop: `${STICKY_BAR_HEIGHT}px` }}
      component="section"
      aria-label={title}
    >
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            gap: 2,
            mb: 1,
          }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <MessageCounter text={text} links={links} settings={settings} />
        </Box>
        <TextInput
          source={`${path}.text`}
          id={dayTextId(day)}
          label={t('products.fields.text')}
          multiline
          minRows={2}
          helperText={false}
          fullWidth
        />
        <SmsDetails text={text} links={links} settings={settings} onReplace={replaceText} />
        <LinkRows path={path} links={linkFields} />
        <MediaField path={path} day={day} actions={<AddLinkButton links={linkFields} />} />
      </CardContent>
    </Card>
  );
});
