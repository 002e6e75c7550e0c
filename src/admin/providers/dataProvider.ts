import {
  type DataProvider,
  type GetListParams,
  type GetManyReferenceParams,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { forgotPassword, sendWelcomeEmail, setPassword, verifyEmail } from './accountApi';
import { createApiKey, revokeApiKey } from './apiKeysApi';
import {
  createWebhook,
  deleteWebhook,
  getWebhookAttempts,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
} from './webhooksApi';
import { getAnalytics } from './analyticsApi';
import {
  downloadContactConsentCsv,
  downloadProgramConsentCsv,
  getCarrierRegistration,
} from './carrierApi';
import { createPodFromContacts, exportContactsCsv } from './contactsApi';
import { getContactConsent, getContactConversation, simulateReply } from './conversationApi';
import { getDashboard } from './dashboardApi';
import { httpClient } from './httpClient';
import { decideReview, getInboxCounts, sendStaffReply, updateInboundMessage } from './inboxApi';
import { listQuery } from './listQuery';
import { getProgramDeliveries, getSmsSettings, retryMessage, sendTestMessage } from './messagesApi';
import { getSimulation } from './simulationApi';
import { addPodMembers, getPodMembers, removePodMember } from './podsApi';
import {
  changeOwnPassword,
  endOwnSession,
  getOwnProfile,
  getOwnSessions,
  signOutOtherSessions,
  updateOwnName,
} from './profileApi';
import {
  getContactEnrollments,
  getProgramPreview,
  pauseProgram,
  restartEnrollment,
  resumeProgram,
} from './programsApi';
import { uploadMedia } from './mediaUpload';

/**
 * Maps react-admin's data calls onto the HTTP API of spec section 7. The API wraps results in a key
 * that depends on the resource (`{programs: [...]}`, `{data: [...]}`, `{contacts: [...]}`...); lists
 * also accept paging, sorting and filters as query parameters and report `total`.
 */
export const RESOURCE_KEYS: Record<string, { list: string; one: string }> = {
  programs: { list: 'programs', one: 'program' },
  products: { list: 'data', one: 'data' },
  contacts: { list: 'contacts', one: 'contact' },
  pods: { list: 'pods', one: 'pod' },
  messages: { list: 'messages', one: 'message' },
  // Replies received: the outbox's envelope (GET /api/inbound-messages), list only.
  'inbound-messages': { list: 'messages', one: 'message' },
  // Listed here; made and revoked by their own calls (apiKeysApi.ts): a new key's secret is
  // answered once, beside the key.
  'api-keys': { list: 'apiKeys', one: 'apiKey' },
  // Listed, read and changed here; added, deleted and given a new secret by their own calls
  // (webhooksApi.ts): the signing secret is answered once, beside the endpoint.
  webhooks: { list: 'webhooks', one: 'webhook' },
};

/**
 * What a record's own GET leaves out: a pod's members, since a pod may hold thousands (its page
 * reads the pod, with its programs, here and lists the members with the `pod-members` resource;
 * a program's pods input needs only names).
 */
const ONE_QUERIES: Record<string, string> = { pods: 'members=none' };

/** Lists that take an `ids` filter; for the others getMany loads each record by its id. */
const LISTS_BY_IDS = new Set(['contacts']);

type ApiRecord = Record<string, unknown> & { id?: Identifier; _id?: Identifier };

/** API objects carry `_id` and `id`; react-admin needs `id`. */
function withId(record: ApiRecord): RaRecord {
  return { ...record, id: (record.id ?? record._id) as Identifier };
}

function keysOf(resource: string) {
  const keys = RESOURCE_KEYS[resource];
  if (!keys) throw new Error(`Unknown resource: ${resource}`);
  return keys;
}

/** A call react-admin's DataProvider type requires but the API does not offer. */
function unsupported(message: string): Promise<never> {
  return Promise.reject(new Error(message));
}

/** An entity in its key (`{contact: {...}}`), or the body itself when the API returns it bare. */
function unwrapOne(resource: string, json: Record<string, unknown>): RaRecord {
  const value = json[keysOf(resource).one];
  return withId((value && typeof value === 'object' ? value : json) as ApiRecord);
}

/**
 * A saved record: the entity, plus what the API reported about the save beside it (a contact's
 * `optinMessageSent` and `welcomeEmailSent`), which the screen's success text needs.
 */
function unwrapSaved(resource: string, json: Record<string, unknown>): RaRecord {
  const { [keysOf(resource).one]: entity, ...report } = json;
  const record = unwrapOne(resource, json);
  return entity && typeof entity === 'object' ? { ...report, ...record } : record;
}

async function getList<R extends RaRecord>(resource: string, params: Partial<GetListParams>) {
  const { json } = await httpClient(`/${resource}?${listQuery(params)}`);
  const rows = (json[keysOf(resource).list] ?? []) as ApiRecord[];
  const total: number = typeof json.total === 'number' ? json.total : rows.length;
  return { data: rows.map(withId) as R[], total };
}

const baseDataProvider: DataProvider = {
  getList,

  async getOne<R extends RaRecord>(resource: string, { id }: { id: Identifier }) {
    const query = ONE_QUERIES[resource] ? `?${ONE_QUERIES[resource]}` : '';
    const { json } = await httpClient(`/${resource}/${encodeURIComponent(String(id))}${query}`);
    return { data: unwrapOne(resource, json) as R };
  },

  async getMany<R extends RaRecord>(resource: string, { ids }: { ids: Identifier[] }) {
    if (!LISTS_BY_IDS.has(resource)) {
      // A reference input showing a chosen program (a messages filter) needs that one program.
      const records = await Promise.all(
        ids.map((id) => baseDataProvider.getOne<R>(resource, { id })),
      );
      return { data: records.map(({ data }) => data) };
    }
    const { data } = await getList<R>(resource, {
      pagination: { page: 1, perPage: ids.length },
      filter: { ids },
    });
    return { data };
  },

  async getManyReference<R extends RaRecord>(
    resource: string,
    { target, id, ...params }: GetManyReferenceParams,
  ) {
    return getList<R>(resource, { ...params, filter: { ...params.filter, [target]: id } });
  },

  async create(resource, { data }) {
    const { json } = await httpClient(`/${resource}`, {
      method: 'POST',
      body: JSON.stringify(data),
    });
    return { data: unwrapSaved(resource, json) } as never;
  },

  async update(resource, { id, data }) {
    const { json } = await httpClient(`/${resource}/${encodeURIComponent(String(id))}`, {
      method: 'PUT',
      body: JSON.stringify(data),
    });
    return { data: unwrapSaved(resource, json) } as never;
  },

  // The API (spec section 7) updates one record at a time and deletes no record (a pod member and
  // a webhook endpoint are removed by their own calls); no screen offers bulk updates or deletes
  // (every list sets its own bulk actions), so a call here is a mistake to report, not a request
  // to send.
  updateMany: (resource) => unsupported(`Tidings has no bulk update for ${resource}`),
  delete: (resource) => unsupported(`Tidings has no delete for ${resource}`),
  deleteMany: (resource) => unsupported(`Tidings has no bulk delete for ${resource}`),
};

/** The standard calls plus the API's own (spec section 7 and what the spec leaves to us). */
export const dataProvider = {
  ...baseDataProvider,
  uploadMedia,
  createPodFromContacts,
  exportContactsCsv,
  getPodMembers,
  addPodMembers,
  removePodMember,
  pauseProgram,
  resumeProgram,
  getProgramDeliveries,
  getProgramPreview,
  retryMessage,
  getContactConversation,
  getContactConsent,
  getContactEnrollments,
  restartEnrollment,
  createApiKey,
  revokeApiKey,
  createWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  getWebhookAttempts,
  resendWebhookDelivery,
  downloadContactConsentCsv,
  downloadProgramConsentCsv,
  getCarrierRegistration,
  simulateReply,
  getInboxCounts,
  updateInboundMessage,
  decideReview,
  sendStaffReply,
  sendTestMessage,
  getSmsSettings,
  getSimulation,
  getDashboard,
  verifyEmail,
  setPassword,
  forgotPassword,
  sendWelcomeEmail,
  getOwnProfile,
  updateOwnName,
  changeOwnPassword,
  getOwnSessions,
  signOutOtherSessions,
  endOwnSession,
  getAnalytics,
};

export type TidingsDataProvider = typeof dataProvider;
