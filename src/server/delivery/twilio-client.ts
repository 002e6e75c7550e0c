import twilio from 'twilio';
import type { TwilioConfig } from '../env';

type RequestOptions<TData> = Parameters<twilio.RequestClient['request']>[0] & { data?: TData };

/** Twilio's API host; TWILIO_API_URL replaces it (a Twilio-compatible vendor, or a test's fake). */
const TWILIO_API = 'https://api.twilio.com';

/** Points the official client at another base URL, keeping its paths, auth and parsing. */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = opts.uri.replace(/^https:\/\/[a-z0-9.-]*\.twilio\.com/, this.baseUrl);
    return super.request<TData>({ ...opts, uri });
  }
}

/** The official Twilio client for the configured account, with requests that time out. */
export function createTwilioClient(config: TwilioConfig, timeoutMs: number) {
  return twilio(config.accountSid, config.authToken, {
    httpClient: new RedirectingRequestClient(config.apiUrl ?? TWILIO_API, timeoutMs),
  });
}
