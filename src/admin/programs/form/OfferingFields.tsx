import { MenuItem } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { OFFERINGS } from '../../../shared/constants';
import { FormTextField } from '../../forms/FormTextField';
import { useMessages } from '../../i18n';

/**
 * The offering (Standard or Nuanced) and, for Nuanced only, its required offering type (spec
 * section 5). A stored offering the form does not offer stays selectable, so it shows as it is.
 */
export function OfferingFields() {
  const t = useMessages();
  const offering = useWatch<{ offering: string }, 'offering'>({ name: 'offering' });
  const offerings: readonly string[] =
    !offering || (OFFERINGS as readonly string[]).includes(offering)
      ? OFFERINGS
      : [...OFFERINGS, offering];
  return (
    <>
      <FormTextField name="offering" select label={t('programs.fields.offering')} fullWidth>
        {offerings.map((value) => (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ))}
      </FormTextField>
      {offering === 'Nuanced' && (
        <FormTextField
          name="offeringType"
          label={t('programs.fields.offeringType')}
          required
          fullWidth
        />
      )}
    </>
  );
}
