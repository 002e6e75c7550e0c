import { createContext, useContext } from 'react';
import type { MessageSettings } from '../../../shared/message-settings';

/**
 * The server's short link base and personal field length, for every message of the product form:
 * its counters measure each message as it will be sent. The form renders once they are known.
 */
export const MessageSettingsContext = createContext<MessageSettings | null>(null);

export function useMessageSettings(): MessageSettings {
  const settings = useContext(MessageSettingsContext);
  if (!settings) throw new Error('useMessageSettings is used outside the product form');
  return settings;
}
