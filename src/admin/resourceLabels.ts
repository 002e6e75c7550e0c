import { messages } from '../shared/messages';

const { apiKeys, contacts, conversations, delivery, pods, products, programs, replies, webhooks } =
  messages;

/**
 * react-admin's labels by resource and source (`resources.<name>.fields.<source>`): a list's
 * columns and filter inputs, and a form's inputs, find theirs by their source, with no `label` of
 * their own. The texts stay in shared/messages; where a source is named other than its text (the
 * search is `q`, a column sorts by `fullName`), it points at the same text.
 */
export const resourceLabels = {
  products: { fields: { ...products.fields, q: products.fields.search } },
  programs: {
    fields: {
      ...programs.fields,
      q: programs.fields.search,
      productName: programs.fields.product,
      productDays: programs.fields.timeframe,
      podCount: programs.fields.pods,
    },
  },
  pods: {
    fields: {
      ...pods.listFields,
      q: pods.listFields.search,
      activeMemberCount: pods.listFields.members,
    },
  },
  // The members table on a pod's page: its search box is named as the add-members one.
  'pod-members': { fields: { q: pods.addSearch } },
  contacts: {
    fields: {
      ...contacts.fields,
      q: contacts.fields.search,
      fullName: contacts.fields.name,
      verified: contacts.fields.verification,
      consent: conversations.filter.label,
      // The form's address inputs (`address.street`, …); the section's own title is read apart.
      address: {
        street: contacts.fields.street,
        city: contacts.fields.city,
        state: contacts.fields.state,
        zipCode: contacts.fields.zipCode,
        country: contacts.fields.country,
      },
    },
  },
  messages: {
    fields: {
      ...delivery.fields,
      programId: delivery.fields.program,
      programName: delivery.fields.program,
      contactId: delivery.fields.contact,
      contactName: delivery.fields.recipient,
    },
  },
  'inbound-messages': {
    fields: {
      ...replies.fields,
      q: replies.fields.search,
      fromPhone: replies.fields.from,
      matched: replies.fields.from,
      contactName: replies.fields.contact,
      state: replies.inbox.state,
      assigneeId: replies.inbox.assignee,
      assigneeName: replies.inbox.assignee,
      review: replies.inbox.review,
    },
  },
  'api-keys': {
    fields: {
      ...apiKeys.fields,
      createdByName: apiKeys.fields.createdBy,
      lastUsedAt: apiKeys.fields.lastUsed,
    },
  },
  // react-admin's 'Sort by …' lower-cases a column's first letter: 'URL' would read 'uRL'.
  webhooks: { fields: { ...webhooks.fields, url: webhooks.fields.endpoint } },
};
