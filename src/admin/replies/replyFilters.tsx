import { SelectInput } from 'react-admin';
import { INBOUND_INTENT_FILTERS, INBOUND_STATES } from '../../shared/consent';
import type { useMessages } from '../i18n';
import type { TagTexts } from '../lists/FilterTags';
import { choicesOf } from '../lists/filterInputs';

type Translate = ReturnType<typeof useMessages>;
type IntentFilter = (typeof INBOUND_INTENT_FILTERS)[number];

/** The `matched` filter of GET /api/inbound-messages: is the phone a contact's? */
const MATCHED = ['true', 'false'] as const;

/** The `assigneeId` filter's choices: the signed-in staff member, or nobody. */
const ASSIGNEES = ['me', 'none'] as const;

const intentName = (t: Translate, intent: string) =>
  intent === 'none'
    ? t('replies.noIntent')
    : t(`conversations.intents.${intent as Exclude<IntentFilter, 'none'>}`);
const numbersName = (t: Translate, matched: string) =>
  t(`replies.numbers.${matched === 'true' ? 'known' : 'unknown'}`);
const stateName = (t: Translate, state: string) =>
  t(`replies.inbox.states.${state === 'handled' ? 'handled' : 'new'}`);
const assigneeName = (t: Translate, assignee: string) =>
  t(`replies.inbox.assignees.${assignee === 'none' ? 'none' : 'me'}`);

/**
 * The inbox's filters after its search, each a query parameter of GET /api/inbound-messages of the
 * same name and labelled by `resources.inbound-messages.fields`: new or handled, whose, needing
 * review, what the reply asked for, and whether its number is a contact's.
 */
export function replyFilters(t: Translate) {
  const states = choicesOf(INBOUND_STATES, (state) => stateName(t, state));
  const assignees = choicesOf(ASSIGNEES, (assignee) => assigneeName(t, assignee));
  const reviews = [{ id: 'pending', name: t('replies.inbox.reviews.pending') }];
  const intents = choicesOf(INBOUND_INTENT_FILTERS, (intent) => intentName(t, intent));
  const numbers = choicesOf(MATCHED, (matched) => numbersName(t, matched));
  return [
    <SelectInput source="state" emptyText={t('replies.inbox.allStates')} choices={states} />,
    <SelectInput source="assigneeId" emptyText={t('replies.inbox.anyone')} choices={assignees} />,
    <SelectInput source="review" emptyText={t('replies.inbox.allReviews')} choices={reviews} />,
    <SelectInput source="intent" emptyText={t('replies.allIntents')} choices={intents} />,
    <SelectInput source="matched" emptyText={t('replies.allNumbers')} choices={numbers} />,
  ];
}

/** The inbox's tags: 'Asked for: STOP', 'State: New'. */
export function replyTags(t: Translate): TagTexts {
  const tag = (name: string, value: string) => t('replies.filterTag', { name, value });
  return {
    intent: (intent) => tag(t('replies.fields.intent'), intentName(t, intent)),
    matched: (matched) => tag(t('replies.fields.from'), numbersName(t, matched)),
    state: (state) => tag(t('replies.inbox.state'), stateName(t, state)),
    assigneeId: (assignee) => tag(t('replies.inbox.assignee'), assigneeName(t, assignee)),
    review: () => t('replies.inbox.reviews.pending'),
  };
}
