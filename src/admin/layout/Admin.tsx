import { CssBaseline } from '@mui/material';
import { createElement, Suspense } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  localStorageStore,
  Notification,
  type AdminContextProps,
  type CoreAdminUIProps,
} from 'react-admin';
import { ErrorPage } from './ErrorPage';

/** Where react-admin keeps list settings and the like between page loads. */
export const store = localStorageStore();

type AdminProps = Omit<AdminContextProps, 'store'> &
  Omit<CoreAdminUIProps, 'accessDenied' | 'authenticationError'>;

/**
 * react-admin's `<Admin>`, put together from the same parts (`AdminContext`, `CoreAdminUI`, its
 * `Notification`) without `AdminUI`: that one names react-admin's own layout, login form, error
 * and not-found pages as defaults, so they were part of the first page although Tidings replaces
 * every one of them (its login form alone brought react-hook-form).
 *
 * Tidings has no access rules in its auth provider (no `canAccess`), so react-admin never sends
 * anyone to its /access-denied or /authentication-error pages; like any unknown path, they show
 * the `catchAll` screen.
 */
export function Admin({
  authProvider,
  dataProvider,
  i18nProvider,
  queryClient,
  basename,
  theme,
  lightTheme,
  darkTheme,
  defaultTheme,
  routerProvider,
  catchAll,
  loading,
  error = ErrorPage,
  ...ui
}: AdminProps) {
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      basename={basename}
      store={store}
      theme={theme}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme={defaultTheme}
      routerProvider={routerProvider}
    >
      <CssBaseline enableColorScheme>
        {/* Pages outside the layout (sign-in, the account pages) are code-split too. */}
        <Suspense fallback={loading ? createElement(loading) : null}>
          <CoreAdminUI
            {...ui}
            loading={loading}
            error={error}
            catchAll={catchAll}
            accessDenied={catchAll}
            authenticationError={catchAll}
          />
        </Suspense>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
