import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { findPhoneNumbersInText } from 'libphonenumber-js/max';
import { CARRIER_SAMPLES, KEYWORD_READINGS, type CarrierReply } from '../../shared/carrier';
import type {
  ApiCarrierProgram,
  ApiCarrierRegistration,
  ApiCarrierSample,
  ApiContentFound,
} from '../../shared/responses/carrier';
import { formatMessage } from '../../shared/format';
import { OPT_IN_KEYWORDS } from '../../shared/keywords';
import { DEFAULT_PHONE_COUNTRY } from '../../shared/phone';
import { KEYWORDS, REPLY_LANGUAGES } from '../../shared/reply-reading';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { media, productMessages, products, programs } from '../db/schema';
import { templateBody } from '../delivery/body';
import { notFound } from '../http/errors';
import { helpReply, optinConfirmation } from '../inbound/texts';
import { optinBody } from '../outbox/optin';

/**
 * Carrier registration (issue 26): what 10DLC and toll-free verification forms ask of a campaign,
 * filled from Tidings' own data, never typed in: the texts are the ones Tidings sends (the same
 * functions write them), the samples are product days as the delivery engine builds them.
 */

const t = serverTexts.carrierRegistration;
const BRAND = t.brand;
/** The keyword the opt-in request asks for: the first opt-in keyword (serverTexts.sms.optin). */
const OPTIN_KEYWORD = OPT_IN_KEYWORDS[0]!;

/** Text without accents, so 'ARRÊT' is read as the keyword ARRET. */
const plain = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/**
 * An opt-out keyword written in capitals, as opt-out instructions write it ('Reply STOP to opt
 * out', 'Responde ALTO'): lower-case 'end' or 'cancel' in a sentence is no instruction.
 */
const OPT_OUT_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${Object.keys(KEYWORDS.optout)
    .map((word) => word.toUpperCase())
    .join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);
const BRAND_WORD = new RegExp(`(?<![\\p{L}\\p{N}])${BRAND}(?![\\p{L}\\p{N}])`, 'iu');

/**
 * A web address: with its scheme, from www., or a domain followed by a path. Not an email
 * address's domain (the help reply's contact may be one): no '@' or letter right before it.
 */
const LINK = /(?<![@\p{L}\p{N}.-])(?:https?:\/\/\S+|www\.\S+|(?:[a-z0-9-]+\.)+[a-z]{2,}\/\S*)/iu;

export const hasLink = (text: string) => LINK.test(text);
/** A phone number as libphonenumber finds one in text (national numbers read as US ones). */
export const hasPhoneNumber = (text: string) =>
  findPhoneNumbersInText(text, DEFAULT_PHONE_COUNTRY).length > 0;

/** A product day's body as sent, with what a registration looks for in it. */
/** What the facts depend on of the server's settings. */
export interface RegistrationSettings {
  publicUrl: string;
  shortLinkBase: string;
  helpContact: string;
}

interface DayBody {
  day: number;
  kind: ApiCarrierSample['kind'];
  body: string;
  mediaUrl: string | null;
}

const dayKind = (day: number, days: number): ApiCarrierSample['kind'] =>
  day === 0 ? 'pre' : day === days + 1 ? 'conclusion' : 'daily';

/**
 * The product's messages as a participant receives them (personal fields as written, tracked links
 * as short links), day by day: the days the product has
 * (0 to days + 1; rows of days a shortened product no longer has are never sent) with something
 * to send.
 */
async function productBodies(
  db: Db,
  productId: string,
  settings: RegistrationSettings,
): Promise<DayBody[]> {
  const rows = await db
    .select({
      day: productMessages.day,
      days: products.days,
      text: productMessages.text,
      links: productMessages.links,
      fallbackUrl: productMessages.fallbackUrl,
      mediaStorageName: media.storageName,
    })
    .from(productMessages)
    .innerJoin(products, eq(products.id, productMessages.productId))
    .leftJoin(media, eq(media.id, productMessages.mediaId))
    .where(
      and(
        eq(productMessages.productId, productId),
        lte(productMessages.day, sql`${products.days} + 1`),
      ),
    )
    .orderBy(asc(productMessages.day));
  return rows
    .map((row) => {
      const sent = templateBody(row, settings.publicUrl, settings.shortLinkBase);
      return {
        day: row.day,
        kind: dayKind(row.day, row.days),
        body: sent.body,
        mediaUrl: sent.mediaUrl,
      };
    })
    .filter((row) => row.body.trim() !== '' || row.mediaUrl !== null);
}

const sampleOf = (row: DayBody): ApiCarrierSample => ({
  ...row,
  brand: BRAND_WORD.test(row.body),
  optOut: OPT_OUT_WORD.test(plain(row.body)),
});

/**
 * Up to CARRIER_SAMPLES.max samples, in day order, chosen for what carriers look for in them: a day
 * that names the brand and says how to opt out (or does one of them), a day with a link and one
 * with a phone number when the series has them (the samples must show what the messages carry),
 * the other days that name the brand or say how to stop, then days spread evenly over the rest, so
 * the samples show the series and not only its start.
 */
export function chooseSamples(rows: readonly DayBody[]): ApiCarrierSample[] {
  const all = rows.map(sampleOf);
  const picked: ApiCarrierSample[] = [];
  const pick = (row: ApiCarrierSample | undefined) => {
    if (row && !picked.includes(row) && picked.length < CARRIER_SAMPLES.max) picked.push(row);
  };
  const telling = all.filter((row) => row.brand || row.optOut);
  pick(telling.find((row) => row.brand && row.optOut) ?? telling[0]);
  pick(all.find((row) => hasLink(row.body)));
  pick(all.find((row) => hasPhoneNumber(row.body)));
  telling.forEach(pick);
  const rest = all.filter((row) => !picked.includes(row));
  const wanted = Math.min(CARRIER_SAMPLES.max - picked.length, rest.length);
  for (let i = 0; i < wanted; i++) {
    pick(rest[wanted === 1 ? 0 : Math.round((i * (rest.length - 1)) / (wanted - 1))]);
  }
  return picked.sort((a, b) => a.day - b.day);
}

function frequency(bodies: readonly DayBody[]): string {
  if (bodies.length === 0) return t.frequencyNone;
  if (bodies.length === 1) return t.frequencyOne;
  // The engine sends a program's day on its own calendar day: one message a day at the most.
  const span = bodies.at(-1)!.day - bodies[0]!.day + 1;
  return formatMessage(t.frequency, { count: bodies.length, span });
}

/** Tidings' own texts, as each is sent for the program (or for a phone in no program yet). */
function ownTexts(programName: string | null, helpContact: string) {
  return {
    optinRequest: optinBody(t.firstName),
    optinConfirmation: optinConfirmation(programName === null ? [] : [programName]),
    optedOut: serverTexts.sms.optedOut,
    help: helpReply(helpContact),
  } satisfies Record<CarrierReply, string>;
}

function found(
  test: (text: string) => boolean,
  bodies: readonly DayBody[],
  texts: Record<CarrierReply, string>,
): ApiContentFound {
  return {
    days: bodies.filter((row) => test(row.body)).map((row) => row.day),
    replies: (Object.entries(texts) as [CarrierReply, string][])
      .filter(([, text]) => test(text))
      .map(([reply]) => reply),
  };
}

async function programFacts(db: Db, programId: string, settings: RegistrationSettings) {
  const [row] = await db
    .select({
      id: programs.id,
      programName: programs.programName,
      productId: programs.productId,
      productName: products.name,
      productDays: products.days,
    })
    .from(programs)
    .leftJoin(products, eq(products.id, programs.productId))
    .where(eq(programs.id, programId));
  if (!row) throw notFound(serverTexts.programs.notFound);
  const bodies = row.productId ? await productBodies(db, row.productId, settings) : [];
  const program: ApiCarrierProgram = {
    id: row.id,
    programName: row.programName,
    productName: row.productName,
    productDays: row.productDays,
    description:
      row.productName === null
        ? formatMessage(t.descriptionNoProduct, { brand: BRAND, program: row.programName })
        : formatMessage(t.description, {
            brand: BRAND,
            program: row.programName,
            product: row.productName,
            count: bodies.length,
          }),
    frequency: frequency(bodies),
    messageCount: bodies.length,
    samples: chooseSamples(bodies),
  };
  return { program, bodies };
}

/**
 * GET /api/carrier-registration: the facts of a registration, and with `programId` those of that
 * program. Links and phone numbers are looked for in every message the program sends and in
 * Tidings' own texts (the help reply carries SMS_HELP_CONTACT, which may be a phone number).
 */
export async function carrierRegistration(
  db: Db,
  settings: RegistrationSettings,
  programId: string | undefined,
): Promise<ApiCarrierRegistration> {
  const facts = programId ? await programFacts(db, programId, settings) : null;
  const texts = ownTexts(facts?.program.programName ?? null, settings.helpContact);
  const bodies = facts?.bodies ?? [];
  return {
    brand: BRAND,
    optinFlow: {
      request: texts.optinRequest,
      keyword: OPTIN_KEYWORD,
      confirmation: texts.optinConfirmation,
    },
    keywords: KEYWORD_READINGS.flatMap((reading) =>
      REPLY_LANGUAGES.map((language) => ({
        reading,
        language,
        keywords: Object.entries(KEYWORDS[reading])
          .filter(([, spoken]) => spoken === language)
          .map(([word]) => word.toUpperCase()),
      })).filter((group) => group.keywords.length > 0),
    ),
    replies: {
      optin: texts.optinConfirmation,
      optout: texts.optedOut,
      help: texts.help,
    },
    links: found(hasLink, bodies, texts),
    phoneNumbers: found(hasPhoneNumber, bodies, texts),
    program: facts?.program ?? null,
  };
}
