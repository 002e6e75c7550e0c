import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useInput } from 'react-admin';
import { SEND_WINDOW } from '../../../shared/constants';
import { useMessages } from '../../i18n';
import { usePickerValue } from './usePickerValue';

const DATE_FORMAT = 'YYYY-MM-DD';
const TIME_FORMAT = 'HH:mm';

/** A wall-clock time on an arbitrary day: only its hours and minutes matter. */
const timeOfDay = (time: string) => dayjs(`2000-01-01T${time}`);
/** The picker reads the form's own value: null stays null (react-admin would show it as ''). */
const asStored = (value: string | null) => value;

const EARLIEST = timeOfDay(SEND_WINDOW.earliest);
const LATEST = timeOfDay(SEND_WINDOW.latest);

/** The date of day 0 (the pre-message), in the program's zone; empty until chosen. */
export function StartDateField() {
  const t = useMessages();
  return <DateField source="startDate" label={t('programs.fields.startDate')} />;
}

/** A date of the program's calendar (`YYYY-MM-DD`), or null; clearable. */
export function DateField({
  source,
  label,
  help,
}: {
  source: string;
  label: string;
  help?: string;
}) {
  const { field, fieldState } = useInput<string | null>({ source, format: asStored });
  const [value, change] = usePickerValue(
    field.value as string | null,
    (date) => dayjs(date),
    (date) => date.format(DATE_FORMAT),
  );
  return (
    <DatePicker
      label={label}
      value={value}
      onChange={(date) => field.onChange(change(date))}
      inputRef={field.ref}
      slotProps={{
        field: { clearable: true },
        textField: {
          name: field.name,
          onBlur: field.onBlur,
          fullWidth: true,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message ?? help,
        },
      }}
    />
  );
}

/**
 * When each day's message goes out, local time. Only the quiet-hours window can be picked; a time
 * typed outside it is flagged at once, with the schema's message.
 */
export function SendTimeField() {
  const t = useMessages();
  const { field, fieldState } = useInput<string | null>({ source: 'sendTime', format: asStored });
  const [value, change] = usePickerValue(field.value as string | null, timeOfDay, (time) =>
    time.format(TIME_FORMAT),
  );
  const [outsideWindow, setOutsideWindow] = useState(false);
  const error =
    fieldState.error?.message ?? (outsideWindow ? t('programs.sendTimeOutsideWindow') : undefined);
  return (
    <TimePicker
      label={t('programs.fields.sendTime')}
      value={value}
      onChange={(time) => field.onChange(change(time))}
      minTime={EARLIEST}
      maxTime={LATEST}
      onError={(reason) => setOutsideWindow(reason === 'minTime' || reason === 'maxTime')}
      inputRef={field.ref}
      slotProps={{
        textField: {
          name: field.name,
          onBlur: field.onBlur,
          fullWidth: true,
          error: Boolean(error),
          helperText: error,
        },
      }}
    />
  );
}
