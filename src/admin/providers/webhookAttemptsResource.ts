import type { DataProvider, GetListParams } from 'react-admin';
import type { TidingsDataProvider } from './dataProvider';

/** The resource name of an endpoint's delivery log: `filter.webhookId` names the endpoint. */
export const WEBHOOK_ATTEMPTS = 'webhook-attempts';

/**
 * An endpoint's delivery log as a react-admin list resource, so its page reads it with `ListBase`
 * (paging, newest first, refresh through react-admin's cache), as a pod's page reads its members.
 * The API has no `/webhook-attempts`: the log is GET /api/webhooks/{id}/attempts, read by the
 * provider's own call. It sorts by time only.
 */
export function withWebhookAttempts<P extends DataProvider>(provider: P): P {
  const calls = provider as unknown as Pick<TidingsDataProvider, 'getWebhookAttempts'>;
  return {
    ...provider,
    async getList(resource: string, params: GetListParams) {
      if (resource !== WEBHOOK_ATTEMPTS) return provider.getList(resource, params);
      const { webhookId } = (params.filter ?? {}) as { webhookId: string };
      return calls.getWebhookAttempts(webhookId, {
        page: params.pagination?.page ?? 1,
        perPage: params.pagination?.perPage ?? 25,
        order: params.sort?.order === 'ASC' ? 'ASC' : 'DESC',
      });
    },
  } as P;
}
