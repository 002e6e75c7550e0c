import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Form, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LIMITS, PRODUCT_STATUSES } from '../../../shared/constants';
import { isDayCount, totalMessages } from '../../../shared/product';
import type { Product } from '../../../shared/responses/products';
import type { MessageSettings } from '../../../shared/message-settings';
import { productSchemas } from '../../../shared/validation/product';
import { RecordLoadError } from '../../forms/RecordLoadError';
import { LoadingPage } from '../../layout/LoadingPage';
import { useSmsSettings } from '../../sms/useSmsSettings';
import { MessageSettingsContext } from './messageSettings';
import { FormActionBar } from '../../forms/FormActionBar';
import { useMessages } from '../../i18n';
import { ErrorBanner } from '../../lists/ErrorBanner';
import { PageHeader } from '../../lists/ListParts';
import { DayJump } from './DayJump';
import { DaysField } from './DaysField';
import { ErrorSummary } from './ErrorSummary';
import { GuidelineBox } from './GuidelineBox';
import { MessageList, type MessageListHandle } from './MessageList';
import { UploadsProvider, useUploads } from './uploads';

export type ProductFormMode = 'create' | 'edit';

function DaysSummary() {
  const t = useMessages();
  const days = Number(useWatch({ name: 'days' }));
  if (!isDayCount(days)) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
      {t('products.daysSummary', { days, total: totalMessages(days) })}
    </Typography>
  );
}

/** Save waits for uploads in progress: a message's media is its upload's answer. */
function FormActions({ mode }: { mode: ProductFormMode }) {
  const t = useMessages();
  const { active } = useUploads();
  return (
    <FormActionBar
      cancelTo="/products"
      blocked={active > 0}
      savingLabel={t('products.saving')}
      submitLabel={mode === 'create' ? t('products.create') : t('products.save')}
      note={
        active > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {t('products.errors.uploadInProgress')}
          </Typography>
        )
      }
    />
  );
}

interface ProductFormProps {
  mode: ProductFormMode;
  error: string | null;
  onDismissError: () => void;
}

/**
 * Create and Edit Product: name, days (and status on edit), then every message from the
 * pre-message to the conclusion. Validated with the shared product schema, the API's own, with
 * this server's message settings (GET /api/sms), so a message is measured as it will be sent.
 */
export function ProductForm(props: ProductFormProps) {
  const t = useMessages();
  const { data, error } = useSmsSettings();
  if (error) {
    return (
      <RecordLoadError
        title={props.mode === 'create' ? t('products.createTitle') : t('products.editTitle')}
        message={t('products.errors.settings')}
        backTo="/products"
        backLabel={t('products.back')}
      />
    );
  }
  if (!data) return <LoadingPage label={t('products.loading')} />;
  return (
    <MessageSettingsContext.Provider value={data.messages}>
      <ProductFormView {...props} settings={data.messages} />
    </MessageSettingsContext.Provider>
  );
}

function ProductFormView({
  mode,
  error,
  onDismissError,
  settings,
}: ProductFormProps & { settings: MessageSettings }) {
  const t = useMessages();
  const record = useRecordContext<Product>();
  const [days, setDays] = useState<number>(record?.days ?? LIMITS.daysDefault);
  const list = useRef<MessageListHandle>(null);
  const jump = useCallback((day: number) => list.current?.jumpTo(day), []);
  const resolver = useMemo(() => {
    const schemas = productSchemas(settings);
    return zodResolver(mode === 'create' ? schemas.create : schemas.update);
  }, [mode, settings]);

  return (
    // noValidate: the spec's messages, not the browser's, say what is missing.
    <Form
      resolver={resolver}
      mode="onSubmit"
      reValidateMode="onChange"
      noValidate
      warnWhenUnsavedChanges
    >
      <UploadsProvider>
        <PageHeader
          title={mode === 'create' ? t('products.createTitle') : t('products.editTitle')}
        />
        <ErrorBanner message={error} onClose={onDismissError} />
        <ErrorSummary days={days} onJump={jump} />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Box>
            <Card variant="outlined" sx={{ mb: 2 }}>
              <CardContent>
                <TextInput
                  source="name"
                  label={t('products.fields.name')}
                  helperText={false}
                  fullWidth
                  required
                  sx={{ mb: 2 }}
                />
                <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <DaysField onDaysChange={setDays} />
                  {mode === 'edit' && (
                    <SelectInput
                      source="status"
                      label={t('products.fields.status')}
                      choices={PRODUCT_STATUSES.map((status) => ({
                        id: status,
                        name: t(`products.statuses.${status}`),
                      }))}
                      // Always set, so no empty choice.
                      isRequired
                      helperText={false}
                      sx={{ width: 180 }}
                    />
                  )}
                  <DaysSummary />
                </Stack>
              </CardContent>
            </Card>
            <MessageList ref={list} days={days} />
          </Box>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <GuidelineBox />
            <Card variant="outlined">
              <CardContent>
                <DayJump days={days} onJump={jump} />
              </CardContent>
            </Card>
          </Box>
        </Box>
        <FormActions mode={mode} />
      </UploadsProvider>
    </Form>
  );
}
