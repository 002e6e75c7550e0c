import { lazy, Suspense, useCallback, useState } from 'react';
import { DialogLoading } from '../../layout/DialogLoading';

// The dialog, its steps and the row rules its preview runs (the contact schema, phone numbers)
// are a chunk of their own, fetched when 'Import contacts' is pointed at or pressed: the contacts
// list itself stays as small as it was.
const loadDialog = () => import('./ImportContactsDialog');
const ImportContactsDialog = lazy(loadDialog);

export const preloadImportDialog = () => void loadDialog().catch(() => undefined);

interface DialogState {
  /** A new key for each opening: each starts afresh, and a closed dialog stays mounted as it fades. */
  key: number;
  open: boolean;
  /** Opened on an import under way ('Show'), at its progress; otherwise at the file step. */
  importId?: string;
}

/**
 * The 'Import contacts' dialog of the contacts list: `open()` starts a new import, `open(id)`
 * shows one under way; `dialog` is the element to render.
 */
export function useImportDialog() {
  const [state, setState] = useState<DialogState>({ key: 0, open: false });
  const open = useCallback(
    (importId?: string) => setState(({ key }) => ({ key: key + 1, open: true, importId })),
    [],
  );
  const close = useCallback(() => setState((previous) => ({ ...previous, open: false })), []);
  const dialog =
    state.key > 0 ? (
      <Suspense fallback={<DialogLoading onClose={close} />}>
        <ImportContactsDialog
          key={state.key}
          open={state.open}
          importId={state.importId}
          onClose={close}
        />
      </Suspense>
    ) : null;
  return { open, dialog };
}
