import {
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
} from 'react-admin';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '../../shared/delivery';
import type { useMessages } from '../i18n';

type Translate = ReturnType<typeof useMessages>;

/** Lists of the reference inputs sort by name: the API refuses a sort on `id`. */
const BY_PROGRAM_NAME = { field: 'programName', order: 'ASC' } as const;
const BY_FULL_NAME = { field: 'fullName', order: 'ASC' } as const;

/**
 * The messages list's filters, all shown: program, contact, status (several), kind, day and the
 * creation dates. Each is a query parameter of GET /api/messages of the same name.
 */
export function messageFilters(t: Translate) {
  return [
    <ReferenceInput
      key="programId"
      source="programId"
      reference="programs"
      sort={BY_PROGRAM_NAME}
      alwaysOn
    >
      <AutocompleteInput
        label={t('delivery.fields.program')}
        optionText="programName"
        sx={{ width: 240 }}
      />
    </ReferenceInput>,
    <ReferenceInput
      key="contactId"
      source="contactId"
      reference="contacts"
      sort={BY_FULL_NAME}
      alwaysOn
    >
      <AutocompleteInput
        label={t('delivery.fields.contact')}
        optionText="fullName"
        sx={{ width: 240 }}
      />
    </ReferenceInput>,
    <SelectArrayInput
      key="status"
      source="status"
      label={t('delivery.fields.status')}
      choices={MESSAGE_STATUSES.map((status) => ({
        id: status,
        name: t(`delivery.statuses.${status}`),
      }))}
      sx={{ minWidth: 200 }}
      alwaysOn
    />,
    <SelectInput
      key="kind"
      source="kind"
      label={t('delivery.fields.kind')}
      emptyText={t('delivery.allKinds')}
      choices={MESSAGE_KINDS.map((kind) => ({ id: kind, name: t(`delivery.kinds.${kind}`) }))}
      alwaysOn
    />,
    <NumberInput
      key="day"
      source="day"
      label={t('delivery.fields.day')}
      min={0}
      step={1}
      sx={{ width: 100 }}
      alwaysOn
    />,
    <DateInput key="from" source="from" label={t('delivery.fields.from')} alwaysOn />,
    <DateInput key="to" source="to" label={t('delivery.fields.to')} alwaysOn />,
  ];
}
