import { useMemo } from 'react';
import {
  CustomRoutes,
  Resource,
  type AuthProvider,
  type DataProvider,
  type RaThemeOptions,
} from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { CARRIER_REGISTRATION_PATH, HELP_PATH } from './help/helpPaths';
import { i18nProvider } from './i18n';
import { Admin } from './layout/Admin';
import { Layout } from './layout/Layout';
import { LoadingPage } from './layout/LoadingPage';
import { DASHBOARD_PATH } from './layout/navItems';
import { authProvider as defaultAuthProvider } from './providers/authProvider';
import { forConsole } from './providers/consoleProvider';
import { dataProvider as defaultDataProvider } from './providers/dataProvider';
import { apiKeys } from './apiKeys';
import { contacts } from './contacts';
import { outbox } from './messages';
import { pods } from './pods';
import { products } from './products';
import { programs } from './programs';
import { replies } from './replies';
import { webhooks } from './webhooks';
import { lazyScreen } from './screens';
import { theme as consoleTheme } from './theme';

// Each screen is its own chunk (see screens.ts), so the first load carries only the shell.
const DashboardPage = lazyScreen(() => import('./pages/DashboardPage'));
const ProfilePage = lazyScreen(() => import('./profile/ProfilePage'));
const HelpPage = lazyScreen(() => import('./help/HelpPage'));
const CarrierRegistrationPage = lazyScreen(() => import('./help/CarrierRegistrationPage'));
const AnalyticsPage = lazyScreen(() => import('./analytics/AnalyticsPage'));
const VerifyEmailPage = lazyScreen(() => import('./account/VerifyEmailPage'));
const SetPasswordPage = lazyScreen(() => import('./account/SetPasswordPage'));
const ForgotPasswordPage = lazyScreen(() => import('./account/ForgotPasswordPage'));
// The sign-in form too: a signed-out visitor's first page loads it after the shell.
const LoginPage = lazyScreen(() =>
  import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })),
);

/** 'Loading...' while the session is checked. */
const SessionLoading = () => <LoadingPage />;

/** `/` and any unknown path go to the dashboard (spec section 2). */
const ToDashboard = () => <Navigate to={DASHBOARD_PATH} replace />;

export interface AppProps {
  authProvider?: AuthProvider;
  dataProvider?: DataProvider;
  theme?: RaThemeOptions;
}

/** The Tidings console. Providers, and the theme, can be swapped for tests. */
export function App({
  authProvider = defaultAuthProvider,
  dataProvider = defaultDataProvider,
  theme = consoleTheme,
}: AppProps) {
  const consoleProvider = useMemo(() => forConsole(dataProvider), [dataProvider]);
  return (
    <Admin
      disableTelemetry
      requireAuth
      title="Tidings"
      authProvider={authProvider}
      dataProvider={consoleProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={Layout}
      loginPage={LoginPage}
      loading={SessionLoading}
      dashboard={ToDashboard}
      catchAll={ToDashboard}
    >
      <Resource
        name="programs"
        list={programs.list}
        create={programs.create}
        edit={programs.edit}
        icon={programs.icon}
        recordRepresentation={programs.recordRepresentation}
      >
        {/* The list's rows open /programs/edit/{id}; /programs/{id} is the same screen. */}
        <Route path="edit/:id" element={<programs.edit />} />
      </Resource>
      <Resource
        name="products"
        list={products.list}
        create={products.create}
        icon={products.icon}
        recordRepresentation={products.recordRepresentation}
      >
        <Route path="edit/:id" element={<products.edit />} />
      </Resource>
      <Resource
        name="contacts"
        list={contacts.list}
        create={contacts.create}
        edit={contacts.edit}
        icon={contacts.icon}
        recordRepresentation={contacts.recordRepresentation}
      />
      {/* The pod's detail page sits where react-admin puts an edit view: /pods/{id}. */}
      <Resource
        name="pods"
        list={pods.list}
        edit={pods.detail}
        icon={pods.icon}
        recordRepresentation={pods.recordRepresentation}
      />
      {/* The outbox, read-only; one message opens at /messages/{id}, like a pod. */}
      <Resource
        name="messages"
        list={outbox.list}
        edit={outbox.detail}
        icon={outbox.icon}
        recordRepresentation={outbox.recordRepresentation}
      />
      {/* Replies received, read-only, reached from the outbox: no entry in the spec's menu. */}
      <Resource
        name="inbound-messages"
        list={replies.list}
        icon={replies.icon}
        recordRepresentation={replies.recordRepresentation}
      />
      {/* Admins, from Profile's Developers card: no entry in the spec's menu. */}
      <Resource
        name="api-keys"
        list={apiKeys.list}
        icon={apiKeys.icon}
        recordRepresentation={apiKeys.recordRepresentation}
      />
      {/* Admins, from Profile's Developers card; one endpoint and its log open at /webhooks/{id}. */}
      <Resource
        name="webhooks"
        list={webhooks.list}
        edit={webhooks.detail}
        icon={webhooks.icon}
        recordRepresentation={webhooks.recordRepresentation}
      />
      {/* Reached from an email's link or the sign-in page: no sign-in needed, and no menu. */}
      <CustomRoutes noLayout>
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/set-password" element={<SetPasswordPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path={DASHBOARD_PATH} element={<DashboardPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path={HELP_PATH} element={<HelpPage />} />
        <Route path={CARRIER_REGISTRATION_PATH} element={<CarrierRegistrationPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
