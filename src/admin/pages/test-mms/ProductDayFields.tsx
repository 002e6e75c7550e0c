import { Box, Typography } from '@mui/material';
import { ReferenceInput, SelectInput, useGetOne } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { conclusionDay, dayKind, smsBody } from '../../../shared/product';
import type { Product } from '../../../shared/responses/products';
import { useMessages } from '../../i18n';
import type { TestMessageFormValues } from './testMessageValues';

/** The active products, by name, as the program form offers them. */
const ACTIVE = { status: 'active' } as const;
const BY_NAME = { field: 'name', order: 'ASC' } as const;

/** The product's message of day `day`: 0 is the pre-message, days + 1 the conclusion. */
function messageOfDay(product: Product, day: number) {
  if (day === 0) return product.preMessage;
  if (day === conclusionDay(product.days)) return product.conclusionMessage;
  return product.messages?.[day - 1];
}

/**
 * What the chosen day sends: its text and link URLs, and with media the fallback URL on a line of
 * its own and the file's name, as the delivery engine builds a program message.
 */
function DayPreview({ product, day }: { product: Product; day: number }) {
  const t = useMessages();
  const message = messageOfDay(product, day);
  if (!message) return null;
  const text = smsBody(message);
  const fallback = message.media ? message.fallbackUrl?.trim() : '';
  const body = [text, fallback].filter(Boolean).join('\n');
  return (
    <Box
      component="section"
      aria-label={t('testMms.preview')}
      sx={{ mt: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Typography variant="caption" color="text.secondary" component="h3">
        {t('testMms.preview')}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {body || t('testMms.previewEmpty')}
      </Typography>
      {message.media && (
        <Typography variant="caption" color="text.secondary">
          {t('testMms.previewMedia', { filename: message.media.filename })}
        </Typography>
      )}
    </Box>
  );
}

/** A product (active ones), then one of its days, from the pre-message to the conclusion. */
export function ProductDayFields() {
  const t = useMessages();
  const { setValue } = useFormContext<TestMessageFormValues>();
  const [productId, day] = useWatch<TestMessageFormValues, ['productId', 'day']>({
    name: ['productId', 'day'],
  });
  // The product GET carries its messages: the days to offer and the chosen day's text.
  const { data: product } = useGetOne<Product>(
    'products',
    { id: productId ?? '' },
    { enabled: Boolean(productId), retry: false },
  );
  const days = product && product.id === productId ? product : undefined;
  const choices = days
    ? Array.from({ length: conclusionDay(days.days) + 1 }, (_, d) => ({
        id: d,
        name: t(`products.dayTitles.${dayKind(d, days.days)}`, { n: d }),
      }))
    : [];
  const chosenDay = day === null || day === '' ? null : Number(day);
  return (
    <>
      <ReferenceInput
        source="productId"
        reference="products"
        filter={ACTIVE}
        sort={BY_NAME}
        perPage={500}
      >
        <SelectInput
          label={t('testMms.product')}
          optionText="name"
          isRequired
          fullWidth
          helperText={false}
          // Another product has other days.
          onChange={() => setValue('day', null)}
        />
      </ReferenceInput>
      {productId && (
        <SelectInput
          source="day"
          label={t('testMms.day')}
          choices={choices}
          isPending={!days}
          isRequired
          fullWidth
          helperText={false}
        />
      )}
      {days && chosenDay !== null && <DayPreview product={days} day={chosenDay} />}
    </>
  );
}
