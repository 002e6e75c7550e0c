import { Box, FormHelperText } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { Dayjs } from 'dayjs';
import { ANALYTICS_MAX_DAYS } from '../../shared/analytics';
import { useMessages } from '../i18n';

type Field = 'from' | 'to';

function DateField({
  field,
  value,
  error,
  onChange,
}: {
  field: Field;
  value: Dayjs | null;
  error: string | undefined;
  onChange: (field: Field, date: Dayjs | null) => void;
}) {
  const t = useMessages();
  return (
    <DatePicker
      label={t(`analytics.${field}`)}
      value={value}
      onChange={(date) => onChange(field, date)}
      slotProps={{
        textField: {
          name: field,
          // The size of react-admin's inputs, such as the program beside them.
          size: 'small',
          error: Boolean(error),
          helperText: error,
          sx: { width: 200 },
        },
      }}
    />
  );
}

/** The range's two dates (Los Angeles days, both included), its rule, and what is wrong with it. */
export function RangeFields({
  from,
  to,
  fromError,
  toError,
  onChange,
}: {
  from: Dayjs | null;
  to: Dayjs | null;
  fromError: string | undefined;
  toError: string | undefined;
  onChange: (field: Field, date: Dayjs | null) => void;
}) {
  const t = useMessages();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box role="group" aria-label={t('analytics.rangeLabel')}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <DateField field="from" value={from} error={fromError} onChange={onChange} />
          <DateField field="to" value={to} error={toError} onChange={onChange} />
        </Box>
        <FormHelperText>{t('analytics.rangeHelp', { max: ANALYTICS_MAX_DAYS })}</FormHelperText>
      </Box>
    </LocalizationProvider>
  );
}
