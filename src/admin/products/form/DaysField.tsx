import { TextField } from '@mui/material';
import { useRef } from 'react';
import { useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { isDayCount, resizeMessages } from '../../../shared/product';
import type { ProductMessage } from '../../../shared/responses/products';
import { useMessages } from '../../i18n';

/**
 * The number of days. Each valid change resizes the day messages at once: new days come empty,
 * extra days are cut off (spec section 2). Days cut off are kept aside while the form is open, so
 * typing "12" over "10" (passing through "1") loses no words.
 */
export function DaysField({ onDaysChange }: { onDaysChange: (days: number) => void }) {
  const t = useMessages();
  const { getValues, setValue } = useFormContext();
  // The count as typed: a number, or '' while the field is empty.
  const { field, fieldState } = useInput({ source: 'days', parse: (value: unknown) => value });
  const stash = useRef<ProductMessage[]>([]);

  const change = (raw: string) => {
    const days = raw === '' ? '' : Number(raw);
    field.onChange(days);
    if (typeof days !== 'number' || !isDayCount(days)) return;
    const current = getValues('messages') as ProductMessage[];
    stash.current = [...current, ...stash.current.slice(current.length)];
    setValue('messages', resizeMessages(current, days, stash.current), { shouldDirty: true });
    onDaysChange(days);
  };

  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? ''}
      onChange={(event) => change(event.target.value)}
      label={t('products.fields.days')}
      type="number"
      slotProps={{ htmlInput: { min: LIMITS.daysMin, max: LIMITS.daysMax, step: 1 } }}
      sx={{ width: 140 }}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
    />
  );
}
