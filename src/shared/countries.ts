import { listInWords } from './format';

/** Countries in words, for the texts that name SMS_ALLOWED_COUNTRIES (server and console alike). */

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'United States', 'Canada': an ISO 3166-1 alpha-2 code in words. */
export const countryName = (code: string): string => regionNames.of(code) ?? code;

/** 'United States and Canada', 'United States, Canada and Mexico'. */
export const countryList = (codes: readonly string[]): string =>
  listInWords(codes.map(countryName));
