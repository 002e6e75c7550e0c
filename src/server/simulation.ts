import type { ApiSimulation } from '../shared/responses/common';
import type { Config } from './env';

/**
 * The channels this server simulates: SMS with the `log` provider (each message is logged and
 * reported delivered), email without SMTP_URL (each email is logged and counts as sent). The one
 * rule the console's simulation banner and its "simulated" wording are read from.
 */
export function simulatedChannels(config: Pick<Config, 'smsProvider' | 'smtpUrl'>): ApiSimulation {
  return { sms: config.smsProvider === 'log', email: !config.smtpUrl };
}
