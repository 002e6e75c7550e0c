import { eq, inArray, sql } from 'drizzle-orm';
import type { DuplicateRule } from '../../shared/contact-import';
import type { Role } from '../../shared/constants';
import { formatMessage } from '../../shared/format';
import { markNonText } from '../../shared/text';
import { serverTexts } from '../texts';
import { adoptPhoneOptOuts } from '../consent/adopt';
import type { Db, Tx } from '../db/client';
import { contactImportRejects, contactImports, users } from '../db/schema';
import { retryingTransaction } from '../db/transaction';
import { queueOptinRequests, type OptinPolicy } from '../outbox/optin';
import { sanitizeRichText } from '../services/rich-text';
import {
  existingContactOutcome,
  FILLABLE_FIELDS,
  type ExistingContact,
  type FillableField,
  type RowValues,
} from './existing-contact';
import type { CheckedRow, FileBatch, RowProblem } from './file-batches';

/** What of an import its batches need; the rest is read when it is claimed. */
export interface ImportJob {
  id: string;
  importerRole: Role;
  duplicates: DuplicateRule;
  sendOptin: boolean;
  /** The file's header: a reject's cells are cut or padded to it, for the report. */
  columns: string[];
}

/**
 * What makes an import this runner's: the row it goes on from and the heartbeat it last wrote.
 * Another server that takes the import over writes a heartbeat of its own, so a runner that was
 * only slow (not dead) finds it changed at its next batch and leaves the import alone.
 */
export interface Ownership {
  nextRow: number;
  heartbeatAt: Date;
}

/** A heartbeat compared for equality: in milliseconds, as JavaScript's Date holds it. */
export const HEARTBEAT_NOW = sql`date_trunc('milliseconds', now())`;

const t = serverTexts.contactImport;

const EXISTING_COLUMNS = {
  id: users.id,
  email: users.email,
  role: users.role,
  smsVerified: users.smsVerified,
  ...Object.fromEntries(FILLABLE_FIELDS.map((field) => [field, users[field]])),
} as { [K in keyof ExistingContact]: (typeof users)[K] };

/** The contacts that have these emails, locked when their empty fields are to be filled in. */
async function contactsByEmail(tx: Tx, emails: string[], lock: boolean) {
  if (emails.length === 0) return [];
  // In id order, so two imports locking the same contacts never wait on each other in a circle.
  const query = tx
    .select(EXISTING_COLUMNS)
    .from(users)
    // One parameter however many emails (see recordset).
    .where(
      inArray(users.email, sql`(select json_array_elements_text(${JSON.stringify(emails)}::json))`),
    )
    .orderBy(users.id);
  return lock ? query.for('update') : query;
}

/** A valid row's values as they are saved; the bio through the same sanitiser as the form's. */
type SavedValues = RowValues & { email: string };

function rowValues(row: CheckedRow): SavedValues {
  const contact = row.contact!;
  return {
    email: contact.email,
    firstName: contact.firstName,
    lastName: contact.lastName,
    phone: contact.phone,
    street: contact.address.street,
    city: contact.address.city,
    state: contact.address.state,
    zipCode: contact.address.zipCode,
    country: contact.address.country,
    bio: sanitizeRichText(contact.bio),
  };
}

type Column = 'id' | 'email' | 'role' | 'status' | FillableField;

const column = (field: Column) => sql.identifier(users[field].name);

/**
 * Rows as one statement's table `v`, passed as a single JSON parameter: a batch of any size is
 * one parameter to send and one statement to plan, where a VALUES list would be thousands.
 */
function recordset(fields: readonly Column[], rows: Partial<Record<Column, string | null>>[]) {
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(fields.map((f) => [users[f].name, row[f] ?? null]))),
  );
  const types = fields.map((f) => sql`${column(f)} ${sql.raw(f === 'id' ? 'uuid' : 'text')}`);
  return sql`json_to_recordset(${json}::json) as v(${sql.join(types, sql`, `)})`;
}

const NEW_CONTACT_FIELDS = ['email', 'role', 'status', ...FILLABLE_FIELDS] as const;

/**
 * Creates the contacts, one statement for the batch. A contact saved meanwhile with the same email
 * (by a form, or another import) wins: its row is not returned, and the caller treats it as one
 * for an existing contact. Nobody gets a password or a verification: those keep their defaults.
 */
async function createContacts(
  tx: Tx,
  contacts: Record<(typeof NEW_CONTACT_FIELDS)[number], string | null>[],
) {
  if (contacts.length === 0) return [];
  const columns = sql.join(NEW_CONTACT_FIELDS.map(column), sql`, `);
  const result = await tx.execute(sql`
    insert into ${users} (${columns})
    select ${columns} from ${recordset(NEW_CONTACT_FIELDS, contacts)}
    on conflict (${column('email')}) do nothing
    returning ${column('id')}, ${column('email')}, ${column('firstName')}, ${column('phone')}, ${column('role')}, ${column('state')}, ${column('country')}`);
  return (
    result as unknown as {
      rows: {
        id: string;
        email: string;
        first_name: string;
        phone: string | null;
        role: Role;
        state: string;
        country: string;
      }[];
    }
  ).rows.map((row) => ({ ...row, firstName: row.first_name }));
}

/** Fills in the given empty fields of many contacts in one statement; null leaves a field be. */
async function fillContacts(
  tx: Tx,
  fills: ({ id: string } & Partial<Record<FillableField, string>>)[],
) {
  if (fills.length === 0) return;
  const assignments = FILLABLE_FIELDS.map(
    (field) => sql`${column(field)} = coalesce(v.${column(field)}, u.${column(field)})`,
  );
  await tx.execute(sql`
    update ${users} as u set ${sql.join(assignments, sql`, `)}, ${sql.identifier(users.updatedAt.name)} = now()
    from ${recordset(['id', ...FILLABLE_FIELDS], fills)}
    where u.id = v.id`);
}

/** A reject's cells as the report lists them: one per column of the file's header. */
const fitCells = (cells: string[], count: number) =>
  // A character that is not text (a NUL, half a surrogate pair) cannot be stored in JSON by
  // PostgreSQL: it is shown as U+FFFD, as the row's problem names it.
  Array.from({ length: count }, (_, index) => markNonText(cells[index] ?? ''));

/**
 * Writes one batch of an import in one transaction, and moves the import past it: its new
 * contacts (one INSERT), the empty fields it fills in on existing ones (one UPDATE), its
 * rejects, the opt-outs of numbers that had opted out, the opt-in requests asked for (as far as
 * the importer's limits allow), and the import's counts. The import's row is locked
 * first and must still be this runner's (see Ownership); if it is not, nothing is written and
 * null is returned. The batch that ends the file also ends the import: done, or failed with the
 * reason, its file content dropped either way.
 */
export async function writeBatch(
  db: Db,
  job: ImportJob,
  owner: Ownership,
  batch: FileBatch,
  optin: OptinPolicy,
): Promise<Ownership | null> {
  const checked = batch.rows.map((row) => ({ row, values: row.contact && rowValues(row) }));
  return retryingTransaction(db, async (tx) => {
    const [current] = await tx
      .select({
        status: contactImports.status,
        nextRow: contactImports.nextRow,
        heartbeatAt: contactImports.heartbeatAt,
        createdBy: contactImports.createdBy,
      })
      .from(contactImports)
      .where(eq(contactImports.id, job.id))
      .for('update');
    if (
      current?.status !== 'running' ||
      current.nextRow !== owner.nextRow ||
      current.heartbeatAt?.getTime() !== owner.heartbeatAt.getTime()
    ) {
      return null;
    }

    // Built afresh in each run of the transaction (a run lost to a deadlock is run again).
    const rejects: { row: number; cells: string[]; problems: RowProblem[] }[] = [];
    const valid = new Map<string, { row: CheckedRow; values: SavedValues }>();
    for (const { row, values } of checked) {
      if (values) valid.set(values.email, { row, values });
      else rejects.push(row);
    }

    const update = job.duplicates === 'update';
    const existing = new Map(
      (await contactsByEmail(tx, [...valid.keys()], update)).map((c) => [c.email, c]),
    );
    const toCreate = [...valid.values()].filter(({ values }) => !existing.has(values.email));
    const created = await createContacts(
      tx,
      toCreate.map(({ row, values }) => ({
        ...values,
        role: row.contact!.role,
        status: row.contact!.status,
      })),
    );
    const createdEmails = new Set(created.map((contact) => contact.email));
    const lostRace = toCreate
      .map(({ values }) => values.email)
      .filter((email) => !createdEmails.has(email));
    for (const contact of await contactsByEmail(tx, lostRace, update)) {
      existing.set(contact.email, contact);
    }

    const fills: Parameters<typeof fillContacts>[1] = [];
    for (const { row, values } of valid.values()) {
      const contact = existing.get(values.email);
      if (!contact) continue;
      const outcome = existingContactOutcome(contact, values, job.duplicates, job.importerRole);
      if ('fills' in outcome) fills.push({ id: contact.id, ...outcome.fills });
      else rejects.push({ ...row, problems: [{ field: 'email', message: outcome.problem }] });
    }
    await fillContacts(tx, fills);

    if (rejects.length > 0) {
      await tx.insert(contactImportRejects).values(
        rejects.map((reject) => ({
          importId: job.id,
          row: reject.row,
          cells: fitCells(reject.cells, job.columns.length),
          problems: reject.problems,
        })),
      );
    }

    // Consent belongs to the phone: contacts given a number that opted out are opted out too.
    const at = new Date();
    const phoned = fills.flatMap((fill) =>
      fill.phone ? [{ id: fill.id, phone: fill.phone }] : [],
    );
    const optedOut = await adoptPhoneOptOuts(tx, [...created, ...phoned], current.createdBy, at);

    // Staff who started the import and have since been removed ask for nothing more.
    const optins = { queued: 0, withheld: 0 };
    if (job.sendOptin && current.createdBy) {
      const participants = created.filter((c) => c.role === 'participant' && c.phone);
      const { queued, refused } = await queueOptinRequests(
        tx,
        participants.map((c) => ({ ...c, smsOptedOutAt: optedOut.has(c.id) ? at : null })),
        { staffUserId: current.createdBy, at },
        optin,
      );
      optins.queued = queued.size;
      optins.withheld = refused.size;
    }

    const end = batch.end;
    const [written] = await tx
      .update(contactImports)
      .set({
        nextRow: batch.nextRow,
        processed: sql`${contactImports.processed} + ${batch.rows.length}`,
        created: sql`${contactImports.created} + ${created.length}`,
        updated: sql`${contactImports.updated} + ${fills.length}`,
        skipped: sql`${contactImports.skipped} + ${rejects.length}`,
        errorCount: sql`${contactImports.errorCount} + ${rejects.reduce((n, r) => n + r.problems.length, 0)}`,
        optinsQueued: sql`${contactImports.optinsQueued} + ${optins.queued}`,
        optinsWithheld: sql`${contactImports.optinsWithheld} + ${optins.withheld}`,
        heartbeatAt: HEARTBEAT_NOW,
        // A batch of rows written starts the count of failed attempts again; a sign of life does not.
        ...(batch.rows.length > 0 && { attempts: 0 }),
        ...(end && {
          status: end.failure ? 'failed' : 'done',
          error: end.failure && formatMessage(t.stoppedAt, { ...end.failure }),
          finishedAt: sql`now()`,
          content: null,
        }),
      })
      .where(eq(contactImports.id, job.id))
      .returning({ heartbeatAt: contactImports.heartbeatAt });
    return { nextRow: batch.nextRow, heartbeatAt: written!.heartbeatAt! };
  });
}
