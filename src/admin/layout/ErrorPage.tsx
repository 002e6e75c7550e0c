import { lazy, Suspense, type ErrorInfo } from 'react';
import { LoadingPage } from './LoadingPage';

/**
 * react-admin's error page comes with its page-title editor, and with that MUI's text field,
 * select and menu: code-split, it is fetched the first time something breaks, not on every load.
 */
const RaError = lazy(() => import('./RaErrorPage'));

interface ErrorPageProps {
  error: unknown;
  errorInfo?: ErrorInfo;
  resetErrorBoundary: (...args: unknown[]) => void;
}

/** What a screen that fails to render shows, inside the layout or, failing that, on its own. */
export function ErrorPage({ error, errorInfo, resetErrorBoundary }: ErrorPageProps) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <RaError
        error={error as Error}
        errorInfo={errorInfo}
        resetErrorBoundary={resetErrorBoundary}
      />
    </Suspense>
  );
}
