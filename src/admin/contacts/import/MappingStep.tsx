import { Alert, Box, Button, DialogActions, DialogContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, RadioButtonGroupInput, SelectInput, useGetIdentity } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { ROLES, type Role } from '../../../shared/constants';
import {
  DUPLICATE_RULES,
  IMPORT_FIELDS,
  mappingProblem,
  type ImportMapping,
} from '../../../shared/contact-import';
import type { ImportPreview } from '../../../shared/responses/contact-imports';
import { countryList } from '../../../shared/countries';
import { OPTIN_LIMITS } from '../../../shared/delivery';
import { messages } from '../../../shared/messages';
import { formatCount } from '../../format';
import { CheckboxInput } from '../../forms/CheckboxInput';
import { useMessages } from '../../i18n';
import { startContactImport, type ImportChoices } from '../../providers/contactImportsApi';
import { serverMessage } from '../../providers/httpClient';
import { useSignedInCall } from '../../providers/useSignedInCall';
import { importKeys } from './importQueries';
import { PreviewTable } from './PreviewTable';

/** The select's value for a column left out (the mapping holds null; a select needs a value). */
const SKIP = 'skip';
const formatField = (field: unknown) => field ?? SKIP;
const parseField = (value: unknown) => (value === SKIP ? null : value);

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

const useMapping = () => useWatch<{ mapping: ImportMapping }, 'mapping'>({ name: 'mapping' });

/**
 * While the opt-in box is ticked: how many requests the import may send, since they count against
 * the importer's hourly limit, and which numbers are never asked.
 */
function OptinAllowance({ allowance }: { allowance: ImportPreview['optinAllowance'] }) {
  const t = useMessages();
  const sendOptin = useWatch<{ sendOptin: boolean }, 'sendOptin'>({ name: 'sendOptin' });
  if (!sendOptin) return null;
  const text =
    allowance.remaining > 0
      ? t('contactImport.optinAllowance', {
          remaining: formatCount(allowance.remaining),
          limit: formatCount(allowance.limit),
          days: OPTIN_LIMITS.perPhoneDays,
          countries: countryList(allowance.countries),
        })
      : t('contactImport.optinAllowanceNone', { limit: formatCount(allowance.limit) });
  return (
    <Alert severity={allowance.remaining > 0 ? 'info' : 'warning'} role="status" sx={{ mt: 1 }}>
      {text}
    </Alert>
  );
}

/** One select per column of the file, named by its header, the proposed field chosen. */
function ColumnFields({ columns }: { columns: readonly string[] }) {
  const t = useMessages();
  const choices = [
    { id: SKIP, name: t('contactImport.skipColumn') },
    ...IMPORT_FIELDS.map((field) => ({ id: field, name: t(`contacts.fields.${field}`) })),
  ];
  return (
    <Box component="section" aria-label={t('contactImport.mappingTitle')} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('contactImport.mappingTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('contactImport.mappingHint')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          columnGap: 2,
        }}
      >
        {columns.map((header, index) => (
          <SelectInput
            key={index}
            source={`mapping.${index}`}
            // An element, not a string: a header is the file's text, never a translation key.
            label={<span>{header.trim() || `${t('contactImport.column')} ${index + 1}`}</span>}
            choices={choices}
            translateChoice={false}
            format={formatField}
            parse={parseField}
            // Every column has a value (a field, or 'Do not import'): no empty entry.
            isRequired
            helperText={false}
            margin="dense"
          />
        ))}
      </Box>
    </Box>
  );
}

/** What keeps the mapping from being used, as the server would say it; null when none. */
function useMappingProblem(columnCount: number) {
  const mapping = useMapping();
  return mappingProblem(mapping ?? [], columnCount);
}

function MappingAlert({ columnCount }: { columnCount: number }) {
  const problem = useMappingProblem(columnCount);
  return problem ? (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {problem}
    </Alert>
  ) : null;
}

function Preview({ rows }: { rows: ImportPreview['rows'] }) {
  const mapping = useMapping();
  const { identity } = useGetIdentity();
  // The row rule depends on who imports (hosts import participants only).
  if (!isRole(identity?.role)) return null;
  return <PreviewTable rows={rows} mapping={mapping ?? []} importerRole={identity.role} />;
}

function Actions({
  total,
  columnCount,
  onChooseAnother,
  onCancel,
}: {
  total: number;
  columnCount: number;
  onChooseAnother: () => void;
  onCancel: () => void;
}) {
  const t = useMessages();
  const problem = useMappingProblem(columnCount);
  const { isSubmitting } = useFormState();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onChooseAnother} disabled={isSubmitting} sx={{ mr: 'auto' }}>
        {t('contactImport.chooseAnother')}
      </Button>
      <Button onClick={onCancel}>{t('contactImport.cancel')}</Button>
      <Button type="submit" variant="contained" disabled={Boolean(problem) || isSubmitting}>
        {isSubmitting
          ? t('contactImport.starting')
          : t('contactImport.start', { count: formatCount(total) })}
      </Button>
    </DialogActions>
  );
}

/**
 * The second step: the file's columns mapped to fields (the proposed mapping chosen), a preview
 * of its first rows as they will be saved, the rule for emails already in Tidings and the opt-in
 * box. 'Import' sends the same file again with those choices and moves on to its progress.
 */
export function MappingStep({
  file,
  preview,
  onStarted,
  onChooseAnother,
  onCancel,
}: {
  file: File;
  preview: ImportPreview;
  onStarted: (importId: string) => void;
  onChooseAnother: () => void;
  onCancel: () => void;
}) {
  const t = useMessages();
  const signedIn = useSignedInCall();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const columnCount = preview.columns.length;

  const submit = async (values: FieldValues) => {
    setError(null);
    try {
      const started = await signedIn(() => startContactImport(file, values as ImportChoices));
      // The contacts list shows it among the imports under way from now on.
      void queryClient.invalidateQueries({ queryKey: importKeys.underWay });
      onStarted(started.id);
    } catch (e) {
      setError(serverMessage(e, messages.contactImport.sendFailed));
    }
  };

  return (
    <Form
      defaultValues={{ mapping: preview.mapping, duplicates: 'skip', sendOptin: false }}
      onSubmit={submit}
      disableInvalidFormNotification
      noValidate
    >
      <DialogContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('contactImport.rowsInFile', {
            count: formatCount(preview.total),
            file: preview.filename,
          })}
        </Typography>
        {error && (
          <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <ColumnFields columns={preview.columns} />
        <MappingAlert columnCount={columnCount} />
        <Preview rows={preview.rows} />
        <Box sx={{ mt: 2 }}>
          <RadioButtonGroupInput
            source="duplicates"
            label={t('contactImport.duplicatesTitle')}
            choices={DUPLICATE_RULES.map((rule) => ({
              id: rule,
              name: t(`contactImport.duplicateRules.${rule}`),
            }))}
            translateChoice={false}
            helperText={false}
          />
          <CheckboxInput
            source="sendOptin"
            label={t('contactImport.sendOptin')}
            helperText={t('contactImport.sendOptinHelp')}
          />
          <OptinAllowance allowance={preview.optinAllowance} />
        </Box>
      </DialogContent>
      <Actions
        total={preview.total}
        columnCount={columnCount}
        onChooseAnother={onChooseAnother}
        onCancel={onCancel}
      />
    </Form>
  );
}
