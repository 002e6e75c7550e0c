import { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CSV_BOM, csvLine, type CsvValue } from '../../shared/csv';
import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import { serverTexts } from '../texts';
import type { Db } from '../db/client';
import { defineList, listInBatches } from '../db/list-page';
import { consentEvents, podMembers, programPods, programs, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { WHOLE_LIST } from '../http/whole-list';
import { fullNameOf } from './consent-log';

/**
 * The consent report (issue 26): consent log rows as CSV, the proof of opt-in and opt-out that
 * carriers ask for. One row per consent event, oldest first (a record reads in the order things
 * happened), in the columns of messages.consentReport.columns.
 */
export const CONSENT_CSV_COLUMNS = Object.values(messages.consentReport.columns);

const contact = alias(users, 'contact');
const staff = alias(users, 'staff');

/** A name for the file: the record's name in lower-case letters and digits, or `fallback`. */
function fileName(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `consent-${slug || fallback}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * The rows `where` picks, as a list read a batch at a time (list-page.ts): the ids first, in order,
 * at most `max` of them (one snapshot, as the contacts export takes), then the full rows with the
 * names of the contact and the staff member joined, batch by batch as the stream is read.
 */
function consentRows(db: Db, where: SQL | undefined) {
  return defineList({
    source: {
      from: (fields) => db.select(fields).from(consentEvents).$dynamic(),
      where,
      id: consentEvents.id,
      order: [
        { key: consentEvents.at, direction: 'asc' },
        { key: consentEvents.id, direction: 'asc' },
      ],
    },
    rows: ({ page, total, order }) =>
      db
        .select({
          at: consentEvents.at,
          contactName: fullNameOf(contact),
          phone: consentEvents.phone,
          event: consentEvents.event,
          source: consentEvents.source,
          staffUserId: consentEvents.staffUserId,
          staffName: fullNameOf(staff),
          keyword: consentEvents.keyword,
          text: consentEvents.text,
          total,
        })
        .from(page)
        .innerJoin(consentEvents, eq(consentEvents.id, page.id))
        .leftJoin(contact, eq(contact.id, consentEvents.contactId))
        .leftJoin(staff, eq(staff.id, consentEvents.staffUserId))
        .orderBy(...order),
    toApi: (rows) =>
      rows.map((row): CsvValue[] => [
        row.at.toISOString(),
        row.contactName,
        row.phone,
        row.event,
        row.source,
        // Staff, simulated and review rows name who acted; the others have no staff member.
        row.staffUserId ? row.staffName : null,
        row.keyword,
        row.text,
      ]),
  });
}

/**
 * The CSV of the rows `where` picks, or a 400 when there are more than `max` (WHOLE_LIST_MAX,
 * the whole lists' limit): a file that large is no download for a browser.
 */
async function consentCsv(db: Db, where: SQL | undefined, max: number): Promise<Readable> {
  const whole = await listInBatches(consentRows(db, where), {
    max,
    batchSize: WHOLE_LIST.batchSize,
  });
  if (!whole) throw badRequest(formatMessage(serverTexts.consentReport.tooLong, { max }));
  async function* lines() {
    yield `${CSV_BOM}${csvLine(CONSENT_CSV_COLUMNS)}`;
    for await (const batch of whole!.batches) yield batch.map(csvLine).join('');
  }
  return Readable.from(lines());
}

/** GET /api/contacts/{id}/consent.csv: the contact's consent log, as its page shows it. */
export async function contactConsentCsv(db: Db, contactId: string, max: number) {
  const [found] = await db
    .select({ name: fullNameOf(users) })
    .from(users)
    .where(eq(users.id, contactId));
  if (!found) throw notFound(serverTexts.contacts.notFound);
  return {
    filename: fileName(found.name ?? '', serverTexts.consentReport.contactFile),
    csv: await consentCsv(db, eq(consentEvents.contactId, contactId), max),
  };
}

/**
 * GET /api/programs/{id}/consent.csv: the consent rows of every participant of the program's pods
 * (removed members too: they were texted while members, and their consent was asked for this),
 * and every row of their phones recorded under no contact or another one, since consent belongs
 * to the phone (a STOP from a number before it was imported is still that phone's word).
 */
export async function programConsentCsv(db: Db, programId: string, max: number) {
  const [found] = await db
    .select({ name: programs.programName })
    .from(programs)
    .where(eq(programs.id, programId));
  if (!found) throw notFound(serverTexts.programs.notFound);
  const participants = db
    .select({ id: podMembers.userId })
    .from(programPods)
    .innerJoin(podMembers, eq(podMembers.podId, programPods.podId))
    .where(eq(programPods.programId, programId));
  const phones = db
    .select({ phone: sql<string>`${users.phone}` })
    .from(users)
    .where(and(inArray(users.id, participants), isNotNull(users.phone)));
  return {
    filename: fileName(found.name, serverTexts.consentReport.programFile),
    csv: await consentCsv(
      db,
      or(inArray(consentEvents.contactId, participants), inArray(consentEvents.phone, phones)),
      max,
    ),
  };
}
