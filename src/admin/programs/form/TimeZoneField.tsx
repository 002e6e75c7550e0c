import { SelectInput } from 'react-admin';
import { TIME_ZONES } from '../../../shared/constants';
import { useMessages } from '../../i18n';

const CHOICES = TIME_ZONES.map((zone) => ({ id: zone, name: zone }));

/** The seven zones of spec section 9; the program's messages go out by that zone's clock. */
export function TimeZoneField() {
  const t = useMessages();
  return (
    <SelectInput
      source="timeZone"
      label={t('programs.fields.timeZone')}
      choices={CHOICES}
      // Always set: no empty choice.
      isRequired
      translateChoice={false}
      helperText={false}
      fullWidth
    />
  );
}
