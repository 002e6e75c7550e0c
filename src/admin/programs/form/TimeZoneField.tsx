import { MenuItem } from '@mui/material';
import { TIME_ZONES } from '../../../shared/constants';
import { FormTextField } from '../../forms/FormTextField';
import { useMessages } from '../../i18n';

/** The seven zones of spec section 9; the program's messages go out by that zone's clock. */
export function TimeZoneField() {
  const t = useMessages();
  return (
    <FormTextField name="timeZone" select label={t('programs.fields.timeZone')} fullWidth>
      {TIME_ZONES.map((zone) => (
        <MenuItem key={zone} value={zone}>
          {zone}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
