import { Dialog, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import type { ImportPreview } from '../../../shared/responses/contact-imports';
import { useMessages } from '../../i18n';
import { ChooseFileStep } from './ChooseFileStep';
import { ImportProgress } from './ImportProgress';
import { MappingStep } from './MappingStep';

type Step =
  | { name: 'file' }
  | { name: 'mapping'; file: File; preview: ImportPreview }
  | { name: 'progress'; importId: string };

/**
 * 'Import contacts': a file, its mapping and preview, then the import's progress and outcome.
 * Opened with `importId`, it shows that import's progress. The contacts list loads this file on
 * first use (see useImportDialog).
 */
export default function ImportContactsDialog({
  open,
  importId,
  onClose,
}: {
  open: boolean;
  importId?: string;
  onClose: () => void;
}) {
  const t = useMessages();
  const titleId = useId();
  const [step, setStep] = useState<Step>(() =>
    importId ? { name: 'progress', importId } : { name: 'file' },
  );

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // A click beside the dialog should not throw away a mapping being chosen.
        if (step.name === 'mapping' && reason === 'backdropClick') return;
        onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={step.name === 'mapping' ? 'lg' : 'sm'}
    >
      <DialogTitle id={titleId}>{t('contactImport.title')}</DialogTitle>
      {step.name === 'file' && (
        <ChooseFileStep
          onPreview={(file, preview) => setStep({ name: 'mapping', file, preview })}
          onCancel={onClose}
        />
      )}
      {step.name === 'mapping' && (
        <MappingStep
          file={step.file}
          preview={step.preview}
          onStarted={(id) => setStep({ name: 'progress', importId: id })}
          onChooseAnother={() => setStep({ name: 'file' })}
          onCancel={onClose}
        />
      )}
      {step.name === 'progress' && <ImportProgress importId={step.importId} onClose={onClose} />}
    </Dialog>
  );
}
