import {
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
} from 'react-admin';
import {
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  type MessageKind,
  type MessageStatus,
} from '../../shared/delivery';
import { formatDateTime } from '../format';
import type { useMessages } from '../i18n';
import type { TagTexts } from '../lists/FilterTags';
import { choicesOf } from '../lists/filterInputs';

type Translate = ReturnType<typeof useMessages>;

/** Lists of the reference inputs sort by name: the API refuses a sort on `id`. */
const BY_PROGRAM_NAME = { field: 'programName', order: 'ASC' } as const;
const BY_FULL_NAME = { field: 'fullName', order: 'ASC' } as const;

/**
 * The messages list's filters, all shown: program, contact, status (several), kind, day and the
 * creation dates. Each is a query parameter of GET /api/messages of the same name, and is labelled
 * by `resources.messages.fields`.
 */
export function messageFilters(t: Translate) {
  return [
    <ReferenceInput source="programId" reference="programs" sort={BY_PROGRAM_NAME}>
      <AutocompleteInput optionText="programName" sx={{ width: 240 }} />
    </ReferenceInput>,
    <ReferenceInput source="contactId" reference="contacts" sort={BY_FULL_NAME}>
      <AutocompleteInput optionText="fullName" sx={{ width: 240 }} />
    </ReferenceInput>,
    <SelectArrayInput
      source="status"
      choices={choicesOf(MESSAGE_STATUSES, (status) => t(`delivery.statuses.${status}`))}
    />,
    <SelectInput
      source="kind"
      emptyText={t('delivery.allKinds')}
      choices={choicesOf(MESSAGE_KINDS, (kind) => t(`delivery.kinds.${kind}`))}
    />,
    <NumberInput source="day" min={0} step={1} sx={{ width: 100 }} />,
    <DateInput source="from" />,
    <DateInput source="to" />,
  ];
}

/** Time filters without an input of their own: links set them, their tags name and remove them. */
const TIME_FILTERS = [
  'sentFrom',
  'sentBefore',
  'dueBefore',
  'updatedFrom',
  'updatedBefore',
] as const;
type TimeFilter = (typeof TIME_FILTERS)[number];

/** The messages list's tags ('Kind: Reminder'); the program and contact inputs name their own. */
export function messageTags(t: Translate): TagTexts {
  const named = (name: 'status' | 'kind' | 'from' | 'to' | TimeFilter, value: string) =>
    `${t(`delivery.fields.${name}`)}: ${value}`;
  return {
    status: (statuses) =>
      named(
        'status',
        String(statuses)
          .split(',')
          .map((status) => t(`delivery.statuses.${status as MessageStatus}`))
          .join(', '),
      ),
    kind: (kind) => named('kind', t(`delivery.kinds.${kind as MessageKind}`)),
    day: (day) => t('delivery.dayFilterTag', { day }),
    from: (from) => named('from', from),
    to: (to) => named('to', to),
    // The dashboard's links: instants, shown as the console shows times (Los Angeles).
    ...Object.fromEntries(
      TIME_FILTERS.map((name) => [name, (value: string) => named(name, formatDateTime(value))]),
    ),
  };
}
