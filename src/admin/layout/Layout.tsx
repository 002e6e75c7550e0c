import { Box } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { SimulationBanner } from '../simulation/SimulationBanner';
import { ErrorPage } from './ErrorPage';
import { LoadingPage } from './LoadingPage';
import { SessionWatcher } from './SessionWatcher';
import { TopNav } from './TopNav';

/** The signed-in frame: top navigation instead of react-admin's sidebar (spec section 2). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <TopNav />
      <SimulationBanner />
      <SessionWatcher />
      <Box
        component="main"
        id="main-content"
        sx={{ flex: 1, width: '100%', maxWidth: 1400, mx: 'auto', p: { xs: 2, md: 3 } }}
      >
        <ErrorBoundary
          fallbackRender={({ error, resetErrorBoundary }) => (
            <ErrorPage error={error} resetErrorBoundary={resetErrorBoundary} />
          )}
        >
          <Suspense fallback={<LoadingPage />}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}
