import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Card, CardContent, Stack } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useMemo, useState, type ReactNode } from 'react';
import { Form, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { TIME_ZONES } from '../../../shared/constants';
import type { Program } from '../../../shared/responses/programs';
import { programEditSchema } from '../../../shared/validation/program';
import { FormActionBar } from '../../forms/FormActionBar';
import { useMessages } from '../../i18n';
import { ErrorBanner } from '../../lists/ErrorBanner';
import { PageHeader } from '../../lists/ListParts';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';
import { ChoiceSelect } from './ChoiceSelect';
import { keepText } from './keepText';
import { EnrollmentFields } from './EnrollmentFields';
import { OfferingFields } from './OfferingFields';
import { PodsInput } from './PodsInput';
import { ProductInput } from './ProductInput';
import type { ProgramFormMode, ProgramFormValues } from './programFormValues';
import { SchedulePreview } from './SchedulePreview';
import { SendTimeField, StartDateField } from './ScheduleFields';
import { dueCutoff } from './scheduleTiming';
import { useScheduleConfirm } from './useScheduleConfirm';

/** Two fields side by side where there is room, stacked where there is not. */
function FieldPair({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      {children}
    </Box>
  );
}

/** The fields, and the schedule beside them: always on edit, on create once it can be worked out. */
function Columns({
  mode,
  fields,
  preview,
}: {
  mode: ProgramFormMode;
  fields: ReactNode;
  preview: ReactNode;
}) {
  const [productId, startDate] = useWatch<ProgramFormValues, ['productId', 'startDate']>({
    name: ['productId', 'startDate'],
  });
  const withPreview = mode === 'edit' || Boolean(productId && startDate);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          lg: withPreview ? 'minmax(0, 2fr) minmax(0, 3fr)' : 'minmax(0, 720px)',
        },
        gap: 3,
        alignItems: 'start',
      }}
    >
      {fields}
      {withPreview && preview}
    </Box>
  );
}

/**
 * Create and Edit Program (spec section 2): name, product, offering, pods, time zone and when
 * the messages go out, with the schedule they give beside them.
 */
export function ProgramForm({
  mode,
  values,
  program,
  error,
  onDismissError,
  headerAction,
  notices,
}: {
  mode: ProgramFormMode;
  /** The values the form starts from. */
  values: ProgramFormValues;
  /** The stored program (edit). */
  program?: Program;
  error: string | null;
  onDismissError: () => void;
  headerAction?: ReactNode;
  notices?: ReactNode;
}) {
  const t = useMessages();
  // Checked with the API's own rules, so each field shows the message the API would answer; the
  // start date rules apply to a date being set, not to the one the program has (a program saved
  // by an older version with a date the rules now refuse still saves unchanged).
  const storedStartDate = program?.startDate;
  const resolver = useMemo(
    () => zodResolver(programEditSchema(storedStartDate)),
    [storedStartDate],
  );
  // The preview marks past what was due when the page opened, and again from each save on: the
  // change dialog counts at that same instant, so its 'to come' is the preview's.
  const [checkedAt, setCheckedAt] = useState(() => new Date());
  const cutoff = useMemo(() => dueCutoff(program, checkedAt), [program, checkedAt]);
  const { submit, counts, answer } = useScheduleConfirm({
    values,
    program,
    refreshCutoff: () => {
      const now = new Date();
      setCheckedAt(now);
      return dueCutoff(program, now);
    },
    onDismissError,
  });

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      {/* noValidate: the spec's messages, not the browser's, say what is missing. */}
      <Form
        record={values}
        resolver={resolver}
        onSubmit={submit}
        mode="onSubmit"
        reValidateMode="onChange"
        noValidate
        warnWhenUnsavedChanges
      >
        <PageHeader
          title={mode === 'create' ? t('programs.createTitle') : t('programs.editTitle')}
          action={headerAction}
        />
        {notices}
        <ErrorBanner message={error} onClose={onDismissError} />
        <Columns
          mode={mode}
          fields={
            <Card variant="outlined">
              <CardContent>
                <Stack spacing={2}>
                  <TextInput
                    source="programName"
                    label={t('programs.fields.programName')}
                    parse={keepText}
                    required
                    helperText={false}
                    fullWidth
                  />
                  <ProductInput program={program} />
                  <OfferingFields />
                  <PodsInput program={program} />
                  {/* The seven zones of spec section 9: the messages go out by that zone's clock. */}
                  <ChoiceSelect
                    source="timeZone"
                    label={t('programs.fields.timeZone')}
                    values={TIME_ZONES}
                  />
                  <FieldPair>
                    <StartDateField />
                    <SendTimeField />
                  </FieldPair>
                  <EnrollmentFields />
                </Stack>
              </CardContent>
            </Card>
          }
          preview={
            <SchedulePreview cutoff={cutoff} daysSent={program?.daysSent} program={program} />
          }
        />
        <FormActionBar
          cancelTo="/programs"
          savingLabel={t('programs.saving')}
          submitLabel={mode === 'create' ? t('programs.save') : t('programs.update')}
        />
      </Form>
      <ConfirmChangeDialog counts={counts} onClose={answer} />
    </LocalizationProvider>
  );
}
