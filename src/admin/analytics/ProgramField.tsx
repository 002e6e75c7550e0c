import { AutocompleteInput, Form, ReferenceInput } from 'react-admin';
import { useMessages } from '../i18n';

/** Programs sort by name (the API refuses a sort on `id`), and are searched on the server. */
const BY_PROGRAM_NAME = { field: 'programName', order: 'ASC' } as const;
const searchPrograms = (q: string) => ({ q });

/**
 * One program, or none for all of them: searched by name on the server, 20 at a time, so the
 * programs table is never loaded whole.
 */
export function ProgramField({
  programId,
  onChange,
  label,
  helperText,
}: {
  programId: string | null;
  onChange: (programId: string | null) => void;
  /** Analytics' own words unless given (Help > Carrier registration gives its own). */
  label?: string;
  helperText?: string | false;
}) {
  const t = useMessages();
  return (
    // react-admin's Form resets to new default values: Back or a link shows its program.
    <Form defaultValues={{ programId }} onSubmit={() => undefined}>
      <ReferenceInput source="programId" reference="programs" sort={BY_PROGRAM_NAME} perPage={20}>
        <AutocompleteInput
          label={label ?? t('analytics.program')}
          optionText="programName"
          filterToQuery={searchPrograms}
          helperText={helperText ?? t('analytics.programHelp')}
          onChange={(value: string | null) => onChange(value || null)}
          // Beside the date pickers, and shaped like them.
          variant="outlined"
          sx={{ width: 320 }}
        />
      </ReferenceInput>
    </Form>
  );
}
