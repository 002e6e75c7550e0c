/**
 * Carrier registration (issue 26): what 10DLC and toll-free verification forms ask of a campaign,
 * as GET /api/carrier-registration answers it from Tidings' own data (its shape is in
 * shared/responses/carrier.ts). The server writes the facts
 * (src/server/services/carrier-registration.ts); Help > Carrier registration shows them.
 */

/** Registration forms take 2 to 5 sample messages (The Campaign Registry asks at least 2). */
export const CARRIER_SAMPLES = { min: 2, max: 5 } as const;

/** Tidings' own texts, where links or phone numbers may stand as well as in a product's. */
export const CARRIER_REPLIES = ['optinRequest', 'optinConfirmation', 'optedOut', 'help'] as const;
export type CarrierReply = (typeof CARRIER_REPLIES)[number];

/** What keywords do: the readings of reply-reading.ts that Tidings answers itself. */
export const KEYWORD_READINGS = ['optin', 'optout', 'help'] as const;
export type KeywordReading = (typeof KEYWORD_READINGS)[number];
