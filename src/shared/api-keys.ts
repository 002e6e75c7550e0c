import { STAFF_ROLES } from './constants';

/** The roles an API key may have: what a host or an admin may do (issue 29). */
export const API_KEY_ROLES = STAFF_ROLES;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** The rules of API keys (server/auth/api-keys.ts), shared with the console's page. */
export const API_KEY_POLICY = {
  /** Every secret starts so: a leaked one is recognisable to secret scanners and to people. */
  prefix: 'tid_',
  /** Characters of the secret after the prefix that the list shows, to tell keys apart. */
  shownCharacters: 4,
  nameMaxLength: 100,
  /** A key's last use is written at most this often (unless its address changed). */
  touchEveryMs: 60 * 1000,
  /** Requests a key may make in a minute, per server process, before it is answered 429. */
  requestsPerMinute: 600,
} as const;

/** Whether a key works now, as the list says. */
export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];
