import { vi } from 'vitest';
import type { ApiMessage, ApiMessageDetail } from '../../src/shared/responses/messages';
import type { ApiProgramDeliveries } from '../../src/shared/responses/programs';
import { fakeDataProvider } from './products-helpers';
import { ids, program } from './programs-helpers';

export const contactId = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

export function apiMessage(overrides: Partial<ApiMessage> = {}): ApiMessage {
  return {
    _id: 'm1',
    id: 'm1',
    kind: 'program',
    status: 'delivered',
    toPhone: '+15035550101',
    body: 'Walk ten minutes today. https://t.co/abc',
    mediaUrl: null,
    programId: ids.program,
    programName: 'Spring Walks',
    contactId,
    contactName: 'Grace Hopper',
    sentByName: null,
    day: 1,
    segments: 1,
    attempts: 1,
    providerMessageId: 'SM0001',
    errorCode: null,
    errorMessage: null,
    sendAfter: '2027-03-14T13:00:00.000Z',
    sentAt: '2027-03-14T13:00:02.000Z',
    deliveredAt: '2027-03-14T13:00:05.000Z',
    createdAt: '2027-03-14T12:00:00.000Z',
    linkOpens: null,
    ...overrides,
  };
}

export function messageDetail(overrides: Partial<ApiMessageDetail> = {}): ApiMessageDetail {
  return {
    ...apiMessage(),
    history: [
      {
        status: 'queued',
        source: 'planner',
        errorCode: null,
        errorMessage: null,
        at: '2027-03-14T12:00:00.000Z',
      },
      {
        status: 'sending',
        source: 'dispatcher',
        errorCode: null,
        errorMessage: null,
        at: '2027-03-14T13:00:01.000Z',
      },
      {
        status: 'sent',
        source: 'dispatcher',
        errorCode: null,
        errorMessage: null,
        at: '2027-03-14T13:00:02.000Z',
      },
      {
        status: 'delivered',
        source: 'provider',
        errorCode: null,
        errorMessage: null,
        at: '2027-03-14T13:00:05.000Z',
      },
    ],
    ...overrides,
  };
}

export const failedMessage = apiMessage({
  _id: 'm2',
  id: 'm2',
  status: 'failed',
  contactName: 'Alan Turing',
  toPhone: '+15035550102',
  providerMessageId: null,
  sentAt: null,
  deliveredAt: null,
  errorCode: '21211',
  errorMessage: "Invalid 'To' Phone Number",
  createdAt: '2027-03-14T11:00:00.000Z',
});

export const emptyDeliveries: ApiProgramDeliveries = {
  days: [],
  recipients: 0,
  audience: {
    total: 0,
    recipients: 0,
    inactive: 0,
    optedOut: 0,
    noPhone: 0,
    notOptedIn: 0,
    sharedPhone: 0,
  },
  enrollments: null,
};

/**
 * A data provider for the outbox screens: the messages list and one message, the programs and
 * contacts the filters offer, a program's deliveries, and retry.
 */
export function messagesProvider({
  rows = [apiMessage(), failedMessage],
  total = rows.length,
  detail = messageDetail(),
  deliveries = emptyDeliveries,
}: {
  rows?: ApiMessage[];
  total?: number;
  detail?: ApiMessageDetail;
  deliveries?: ApiProgramDeliveries;
} = {}) {
  const getList = vi.fn(async (resource: string, _params: Record<string, unknown>) => {
    if (resource === 'messages') return { data: rows, total };
    if (resource === 'programs') return { data: [program()], total: 1 };
    return { data: [], total: 0 };
  });
  const getOne = vi.fn(async (resource: string, _params: { id: string }) => {
    if (resource === 'messages') return { data: detail };
    return { data: program() };
  });
  return {
    ...fakeDataProvider(),
    getList,
    getOne,
    getMany: vi.fn(async () => ({ data: [program()] })),
    getProgramDeliveries: vi.fn(async () => deliveries),
    retryMessage: vi.fn(async () => ({ ...detail, status: 'queued' as const })),
  };
}

export type MessagesProvider = ReturnType<typeof messagesProvider>;

/** The params of the last messages list call. */
export const lastMessagesQuery = (dataProvider: MessagesProvider) =>
  dataProvider.getList.mock.calls.filter(([resource]) => resource === 'messages').at(-1)![1];
