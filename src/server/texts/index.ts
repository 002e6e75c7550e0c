/**
 * The texts only the server uses, by the same areas as shared/messages: what Tidings texts to
 * phones, the API's refusals that no console code shows itself (the console shows the `error` an
 * answer carries), the delivery engine's reasons and the CSV exports' columns. Texts the console
 * shows, and the field rules its forms share with the API, stay in shared/messages. Placeholders
 * use `%{name}`, filled with `formatMessage` from shared/format.
 *
 * Texts quoted by the specification are copied verbatim; do not reword them.
 */
import { sms, smsEs, smsFr, smsLists } from './sms';
import { account, auth, profileApi, server, shortLinks } from './http';
import { consentApi, delivery, inbound, inboxApi, staffReplies, testSends } from './delivery';
import { consentReport, contactImport, contacts, pods } from './contacts';
import { carrierRegistration, media, products, programs } from './programs';

export const serverTexts = {
  auth,
  programs,
  products,
  media,
  contacts,
  contactImport,
  sms,
  smsEs,
  smsFr,
  smsLists,
  inbound,
  delivery,
  testSends,
  pods,
  account,
  profileApi,
  inboxApi,
  consentApi,
  staffReplies,
  consentReport,
  carrierRegistration,
  server,
  shortLinks,
} as const;
