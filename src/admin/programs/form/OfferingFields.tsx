import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { OFFERINGS } from '../../../shared/constants';
import { useMessages } from '../../i18n';
import { ChoiceSelect } from './ChoiceSelect';
import { keepText } from './keepText';

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
      <ChoiceSelect source="offering" label={t('programs.fields.offering')} values={offerings} />
      {offering === 'Nuanced' && (
        <TextInput
          source="offeringType"
          label={t('programs.fields.offeringType')}
          parse={keepText}
          required
          helperText={false}
          fullWidth
        />
      )}
    </>
  );
}
