import { vi } from 'vitest';
import ContactCreate from '../../src/admin/contacts/ContactCreate';
import ContactEdit from '../../src/admin/contacts/ContactEdit';
import ContactList from '../../src/admin/contacts/ContactList';
import type {
  ApiConsentEvent,
  ApiConversation,
  ApiConversationEntry,
  ApiInboundMessage,
  ApiMessage,
  ApiSmsSettings,
} from '../../src/shared/responses/messages';
import type { ApiContactDetail } from '../../src/shared/responses/users';
import { apiUser, renderScreen } from './helpers';
import { apiMessage, contactId } from './messages-helpers';
import { fakeDataProvider } from './products-helpers';
import { UNTOUCHED_IN_INBOX } from '../helpers/inbox-fields';
import { TEST_MESSAGE_SETTINGS } from '../helpers/message-settings';
import type { ApiContactEnrollment } from '../../src/shared/responses/programs';

export { contactId };
export const phone = '+15035550101';

/** Grace, a participant with a phone, as GET /api/contacts/{id} gives her. */
export function participant(overrides: Partial<ApiContactDetail> = {}): ApiContactDetail {
  return {
    ...apiUser({ _id: contactId, id: contactId, firstName: 'Grace', email: 'grace@example.org' }),
    fullName: 'Grace Hopper',
    role: 'participant',
    emailVerified: false,
    phone,
    profile: {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone,
      address: { street: '', city: '', state: '', zipCode: '', country: 'United States' },
      bio: '',
    },
    welcomeEmail: null,
    ...overrides,
  };
}

/**
 * A message Tidings sent Grace, as a conversation entry: placed when it was sent, or while it has
 * not been, when it is due (as the API places it).
 */
export const sent = (overrides: Partial<ApiMessage> = {}): ApiConversationEntry => {
  const message = apiMessage(overrides);
  return { direction: 'out', at: message.sentAt ?? message.sendAfter, ...message };
};

/** A message Grace sent. */
export const received = (overrides: Partial<ApiInboundMessage> = {}): ApiConversationEntry => {
  const message: ApiInboundMessage = {
    _id: 'i1',
    id: 'i1',
    providerMessageId: 'LOG-i1',
    fromPhone: phone,
    toPhone: '+15035550000',
    body: 'join',
    mediaUrls: [],
    contactId,
    contactName: 'Grace Hopper',
    intent: 'optin',
    receivedAt: '2027-03-14T12:05:00.000Z',
    simulatedBy: null,
    simulatedByName: null,
    ...UNTOUCHED_IN_INBOX,
    state: 'handled',
    ...overrides,
  };
  return { direction: 'in', at: message.receivedAt, ...message };
};

export const consentEvent = (
  overrides: Partial<ApiConsentEvent> & Pick<ApiConsentEvent, 'event' | 'source' | 'at'>,
): ApiConsentEvent => ({
  id: `e-${overrides.at}`,
  contactId,
  phone,
  staffUserId: null,
  staffName: null,
  keyword: null,
  text: null,
  ...overrides,
});

export const logSettings: ApiSmsSettings = {
  provider: 'log',
  simulateReplies: true,
  testSendLimit: { max: 10, windowMinutes: 10 },
  messages: TEST_MESSAGE_SETTINGS,
};

export const twilioSettings: ApiSmsSettings = {
  ...logSettings,
  provider: 'twilio',
  simulateReplies: false,
};

/**
 * A data provider for the contact page: the contact, their conversation (`pages`, answered in
 * turn by `before`: the first for none, the next for the last entry's time...), their consent log,
 * the rolling programs that enrolled them, and the SMS settings.
 */
export function contactProvider({
  contact = participant(),
  pages = [{ entries: [], hasMore: false }],
  events = [],
  sms = logSettings,
  enrollments = [],
}: {
  contact?: ApiContactDetail;
  pages?: ApiConversation[];
  events?: ApiConsentEvent[];
  sms?: ApiSmsSettings;
  enrollments?: ApiContactEnrollment[];
} = {}) {
  const getContactConversation = vi.fn(
    async (_id: string, { before }: { before?: string } = {}): Promise<ApiConversation> => {
      if (!before) return pages[0]!;
      const index = pages.findIndex((page) => page.entries.at(-1)?.at === before);
      return pages[index + 1] ?? { entries: [], hasMore: false };
    },
  );
  return {
    ...fakeDataProvider(),
    getOne: vi.fn(async (_resource: string, _params: { id: string }) => ({ data: contact })),
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getContactConversation,
    getContactConsent: vi.fn(async (_id: string) => ({ events })),
    getContactEnrollments: vi.fn(async (_id: string) => enrollments),
    simulateReply: vi.fn(async (_id: string, body: string) => ({
      ...(received({ body, intent: null }) as ApiInboundMessage),
    })),
    getSmsSettings: vi.fn(async () => sms),
  };
}

export type ContactProvider = ReturnType<typeof contactProvider>;

/**
 * The contacts screen at `at`: the list at /contacts, the form for a new contact at
 * /contacts/create, a contact's page at /contacts/{id}. The session and the API are the test's
 * (see `signIn`); the data calls go over HTTP unless `dataProvider` answers them.
 */
export function renderContacts(at: string, dataProvider?: object) {
  const { pathname } = new URL(at, 'http://localhost');
  const [screen, route] =
    pathname === '/contacts'
      ? [<ContactList />, pathname]
      : pathname === '/contacts/create'
        ? [<ContactCreate />, pathname]
        : [<ContactEdit />, '/contacts/:id'];
  return renderScreen(screen, { path: at, route, resource: 'contacts', dataProvider });
}
