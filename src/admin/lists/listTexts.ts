import type { MessageKey } from '../i18n';
import type { ListResource } from './listErrors';

export interface ListTexts {
  title: MessageKey;
  /** The rows' name in 'Showing X of Y {items}'. */
  items: MessageKey;
  empty: MessageKey;
  /** The empty state while a filter is on, for the lists whose spec says so. */
  emptyFiltered?: MessageKey;
}

/**
 * Each list's texts (spec: shared list behaviour), by list, as `lists.fetchFailed` and
 * `lists.empty` name them: the title, the rows' name and the empty states.
 */
export const LIST_TEXTS: Record<ListResource, ListTexts> = {
  products: { title: 'products.title', items: 'products.items', empty: 'lists.empty.products' },
  programs: {
    title: 'programs.title',
    items: 'programs.items',
    empty: 'lists.empty.programs',
    emptyFiltered: 'lists.empty.programsFiltered',
  },
  pods: { title: 'pods.title', items: 'pods.items', empty: 'lists.empty.pods' },
  contacts: { title: 'contacts.title', items: 'contacts.items', empty: 'lists.empty.contacts' },
  messages: {
    title: 'delivery.title',
    items: 'delivery.items',
    empty: 'lists.empty.messages',
    emptyFiltered: 'lists.empty.messagesFiltered',
  },
  replies: {
    title: 'replies.title',
    items: 'replies.items',
    empty: 'replies.empty',
    emptyFiltered: 'replies.emptyFiltered',
  },
  apiKeys: { title: 'apiKeys.title', items: 'apiKeys.items', empty: 'apiKeys.empty' },
  webhooks: { title: 'webhooks.title', items: 'webhooks.items', empty: 'webhooks.empty' },
};
