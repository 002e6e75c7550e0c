/**
 * Every text the console shows, and the API's field rules that the console's forms share with the
 * server, in one object by area (one file an area or a few).
 *
 * The console reads these through react-admin's i18n (under the `tidings` key, see
 * src/admin/i18n.ts) and the server reads the same strings for its validation errors, so tests
 * import exactly what a user sees. Texts only the server uses (what it texts to phones, its own
 * errors, CSV columns) are in src/server/texts, so that the console does not ship them.
 * Placeholders use polyglot's `%{name}` syntax; on the server, fill them with `formatMessage` from
 * ../format.
 *
 * Texts quoted by the specification are copied verbatim; do not reword them.
 */
import { app, help, lists, nav, richTextToolbar, server, simulation } from './frame';
import {
  auth,
  forgotPassword,
  login,
  profile,
  profileApi,
  setPassword,
  verifyEmail,
} from './account';
import { analytics, analyticsApi, dashboard } from './figures';
import { programs } from './programs';
import { media, products } from './products';
import { contacts } from './contacts';
import { contactImport } from './contact-import';
import { delivery } from './delivery';
import { consentReport, conversations } from './conversations';
import { replies, staffReply } from './replies';
import { testMms } from './test-mms';
import { pods } from './pods';
import { carrierRegistration } from './carrier-registration';
import { apiKeys, webhooks } from './developers';

export const messages = {
  app,
  nav,
  login,
  auth,
  dashboard,
  testMms,
  profile,
  help,
  simulation,
  analytics,
  lists,
  programs,
  products,
  media,
  richTextToolbar,
  contacts,
  contactImport,
  delivery,
  conversations,
  replies,
  staffReply,
  pods,
  verifyEmail,
  setPassword,
  forgotPassword,
  profileApi,
  consentReport,
  carrierRegistration,
  analyticsApi,
  apiKeys,
  webhooks,
  server,
} as const;

export type Messages = typeof messages;
