import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { TIMINGS } from '../../shared/constants';
import { CloseNoticeButton } from './CloseNoticeButton';

/**
 * Shows a success banner through react-admin's notification, which outlives a redirect: a save
 * calls it, then goes to the list, and the list shows it. It clears after the spec's 5 seconds
 * (pod actions pass `TIMINGS.podBannerMs`, 3 seconds) or when dismissed.
 *
 * The text is already the spec's, in English; `messageArgs._` hands it to the translator as its
 * own fallback, so it is shown as written and not reported as a missing translation key.
 *
 * Like the spec's banners, it stays its whole time unless closed with its Close button (or
 * Escape): a click elsewhere, such as the link to the next screen, does not end it.
 */
export function useSuccessNotice() {
  const notify = useNotify();
  return useCallback(
    (message: string, autoHideDuration: number = TIMINGS.successBannerMs) =>
      notify(message, {
        type: 'success',
        autoHideDuration,
        messageArgs: { _: message },
        ClickAwayListenerProps: { mouseEvent: false, touchEvent: false },
        action: <CloseNoticeButton />,
      }),
    [notify],
  );
}
