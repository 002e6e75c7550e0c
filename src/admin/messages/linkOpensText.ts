import type { MessageOpens } from '../../shared/responses/clicks';
import type { useMessages } from '../i18n';

type Translate = ReturnType<typeof useMessages>;

/**
 * Whether and how often the recipient opened a message's tracked links, counted clicks only:
 * 'Opened the link twice', 'Opened 2 of 3 links', 'Link not opened'.
 */
export function linkOpensText(t: Translate, opens: MessageOpens): string {
  if (opens.links > 1) {
    return opens.opened === 0
      ? t('delivery.linkOpens.noneOfMany', { links: opens.links })
      : t('delivery.linkOpens.someOfMany', { opened: opens.opened, links: opens.links });
  }
  if (opens.clicks === 0) return t('delivery.linkOpens.notOpened');
  if (opens.clicks === 1) return t('delivery.linkOpens.once');
  if (opens.clicks === 2) return t('delivery.linkOpens.twice');
  return t('delivery.linkOpens.times', { count: opens.clicks });
}
