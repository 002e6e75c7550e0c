import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';

const TEXTS: Readonly<Record<string, string>> = messages.delivery.twilioErrors;

/**
 * What a Twilio error code means, in words staff can act on: the table's text for the common
 * delivery failures (30003 unreachable handset, 30007 carrier filtering, 21610 unsubscribed, ...),
 * else Twilio's own text when it sent one, else the bare code.
 */
export function twilioErrorText(code: string, twilioText?: string | null): string {
  return (
    TEXTS[code] ?? (twilioText?.trim() || formatMessage(messages.delivery.twilioOther, { code }))
  );
}
