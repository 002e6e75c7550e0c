import type { ReplyLanguage } from './reply-reading';

/**
 * Carrier registration (issue 26): what 10DLC and toll-free verification forms ask of a campaign,
 * as GET /api/carrier-registration answers it from Tidings' own data. The server writes the facts
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

/** Where a kind of content (links, phone numbers) was found: product days and Tidings' texts. */
export interface ApiContentFound {
  days: number[];
  replies: CarrierReply[];
}

/** One sample message: a product day's body as the delivery engine sends it. */
export interface ApiCarrierSample {
  day: number;
  kind: 'pre' | 'daily' | 'conclusion';
  body: string;
  /** The picture's or video's address, for an MMS; null for a text message. */
  mediaUrl: string | null;
  /** Whether the body names the brand, and says how to opt out (an opt-out keyword in capitals). */
  brand: boolean;
  optOut: boolean;
}

export interface ApiCarrierProgram {
  id: string;
  programName: string;
  productName: string | null;
  /** The product's days (its conclusion is day productDays + 1); null without a product. */
  productDays: number | null;
  description: string;
  frequency: string;
  /** How many of the product's days have a message to send. */
  messageCount: number;
  samples: ApiCarrierSample[];
}

export interface ApiCarrierRegistration {
  brand: string;
  optinFlow: {
    /** The opt-in request as sent, its first name shown as a placeholder. */
    request: string;
    /** The keyword the request asks for. */
    keyword: string;
    confirmation: string;
  };
  keywords: { reading: KeywordReading; language: ReplyLanguage; keywords: string[] }[];
  replies: Record<KeywordReading, string>;
  links: ApiContentFound;
  phoneNumbers: ApiContentFound;
  /** Null until a program is chosen (`programId`). */
  program: ApiCarrierProgram | null;
}
