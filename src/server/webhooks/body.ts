import { twilioErrorText } from '../delivery/twilio-error-texts';

export interface StoredEvent {
  id: string;
  type: string;
  at: Date;
  data: Record<string, unknown>;
}

/**
 * The body of a webhook request: `{type, timestamp, data}`, as the Standard Webhooks specification
 * suggests. A failed message also carries Tidings' explanation of the provider's code (the words
 * the console shows), which only the server has. The same event gives the same body on every try.
 */
export function webhookBody(event: StoredEvent): string {
  let data = event.data;
  if (event.type === 'message.failed' && typeof data.errorCode === 'string') {
    data = {
      ...data,
      explanation: twilioErrorText(data.errorCode, data.errorMessage as string | null),
    };
  }
  return JSON.stringify({ type: event.type, timestamp: event.at.toISOString(), data });
}
