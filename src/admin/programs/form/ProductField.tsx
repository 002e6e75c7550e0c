import { MenuItem } from '@mui/material';
import { timeframeOf } from '../../../shared/program';
import { FormTextField } from '../../forms/FormTextField';
import { useMessages } from '../../i18n';
import { listErrorMessage } from '../../lists/listErrors';
import type { ProductOption } from './useProductOptions';

/** The product select: optional, so its first choice is 'Select a product (optional)'. */
export function ProductField({
  options,
  isPending,
  error,
}: {
  options: readonly ProductOption[];
  isPending: boolean;
  error: unknown;
}) {
  const t = useMessages();
  const label = (option: ProductOption) => {
    if (!option.active) return t('programs.inactiveProduct', { name: option.name });
    return option.days === null ? option.name : `${option.name} (${timeframeOf(option.days)})`;
  };
  return (
    <FormTextField
      name="productId"
      select
      label={t('programs.fields.product')}
      helperText={error ? listErrorMessage(error, 'products') : undefined}
      disabled={isPending && options.length === 0}
      fullWidth
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('programs.selectProduct')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {label(option)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
