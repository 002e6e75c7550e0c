import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ConsentState } from '../../shared/consent';
import type { ApiContactDetail, ApiUser } from '../../shared/responses/users';
import {
  keptPhoneProblem,
  type ContactInput,
  type contactListQuerySchema,
} from '../../shared/validation/contact';
import { serverTexts } from '../texts';
import { changeAccount } from '../auth/account-change';
import { assertKeepsAnAdmin, assertMayManage, lockAdminsFirst } from '../auth/permissions';
import { hashPassword } from '../auth/passwords';
import { adoptPhoneOptOuts } from '../consent/adopt';
import { recordConsent } from '../consent/log';
import { consentClock, verificationChanges } from '../consent/staff';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { defineList, orderBy, readList } from '../db/list-page';
import { retryingTransaction } from '../db/transaction';
import { podMembers, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { queueOptinMessage, type OptinPolicy } from '../outbox/optin';
import { queueWelcomeEmail } from '../outbox/emails';
import { countAllContacts } from './contact-count';
import { contactSearch } from './contact-search';
import { lastWelcomeEmail } from './email-state';
import { pageOf, sortOf } from './list';
import { phoneNeedsAttentionSql } from './stored-phones';
import { sanitizeRichText } from './rich-text';
import { toApiUser, type UserRow } from './users';

export type ContactListQuery = z.output<typeof contactListQuerySchema>;

const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;

const SORT_COLUMNS = {
  fullName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  status: users.status,
  verified: sql`case when ${users.role} = 'participant' then ${users.smsVerified} else ${users.emailVerified} end`,
  createdAt: users.createdAt,
  lastLogin: users.lastLoginAt,
};

/**
 * The active members of a pod, for `users.id not in (…)`: PostgreSQL runs it as one hashed
 * subplan, a good plan whatever the table statistics say (a correlated NOT EXISTS planned on
 * missing statistics re-scanned the pod for every contact: seconds on 50,000 contacts).
 */
const activeMemberIds = (podId: string) =>
  sql`(select ${podMembers.userId} from ${podMembers} where ${podMembers.podId} = ${podId} and ${podMembers.status} = 'active')`;

/** Contacts in a consent state, as consentState() (shared/consent.ts) tells it of one contact. */
const CONSENT_CONDITIONS: Record<ConsentState, SQL> = {
  opted_out: sql`${users.smsOptedOutAt} is not null`,
  opted_in: sql`(${users.smsVerified} and ${users.smsOptedOutAt} is null)`,
  not_opted_in: sql`(not ${users.smsVerified} and ${users.smsOptedOutAt} is null)`,
};

/**
 * The WHERE of a contact list: search over name, email and phone; role, status, consent state,
 * phone-needs-attention and id filters; and, for the add-members search, contacts not active in a
 * pod.
 */
export function contactFilter(query: ContactListQuery): SQL | undefined {
  return and(
    contactSearch(query.q),
    query.role?.length ? inArray(users.role, query.role) : undefined,
    query.status?.length ? inArray(users.status, query.status) : undefined,
    query.consent?.length
      ? or(...query.consent.map((state) => CONSENT_CONDITIONS[state]))
      : undefined,
    query.phone === 'needs_attention' ? phoneNeedsAttentionSql() : undefined,
    query.ids?.length ? inArray(users.id, query.ids) : undefined,
    query.notInPod ? sql`${users.id} not in ${activeMemberIds(query.notInPod)}` : undefined,
  );
}

/** GET /api/contacts: the contacts matching the list's filters, in its order. */
export const contactList = (db: Db, query: ContactListQuery) => {
  const where = contactFilter(query);
  return defineList({
    source: {
      from: (fields) => db.select(fields).from(users).$dynamic(),
      where,
      id: users.id,
      order: sortOf(SORT_COLUMNS, query, users.id),
      // Every contact: the count the database keeps, not a count of every row.
      count: where ? undefined : countAllContacts(db),
    },
    // The flag comes from the list of phones made at start, as the filter's does: libphonenumber
    // costs about 0.2 ms a phone, seconds of the event loop for a whole list.
    rows: ({ page, total, order }) =>
      db
        .select({
          user: users,
          total,
          phoneNeedsAttention: sql<boolean>`coalesce(${phoneNeedsAttentionSql()}, false)`,
        })
        .from(page)
        .innerJoin(users, eq(users.id, page.id))
        .orderBy(...order),
    toApi: (rows) => rows.map((row) => toApiUser(row.user, row.phoneNeedsAttention)),
  });
};

export async function listContacts(db: Db, query: ContactListQuery) {
  const { items, total } = await readList(contactList(db, query), pageOf(query));
  return { contacts: items, total };
}

/** Rows an export reads per query: a few hundred KB, whatever the export's size. */
const EXPORT_BATCH_SIZE = 1000;

/**
 * Contact rows in list order for exports of any size, as the list was when the export began. The
 * ids of every matching contact are taken first, in order, by one statement (one snapshot; 50,000
 * ids are a few MB), then the rows are read by id a batch at a time. Paging with OFFSET exported
 * rows twice and skipped others when contacts were added meanwhile; keyset paging would not, but a
 * contact whose sort value changed during the export (a sign-in, sorted by last login) would still
 * move across the cursor. A transaction held for the whole export would give a snapshot too, but
 * the embedded database has one connection: every other request would wait on a slow download.
 */
export async function* contactsInOrder(
  db: Db,
  query: ContactListQuery,
  batchSize = EXPORT_BATCH_SIZE,
) {
  const ids = await db
    .select({ id: users.id })
    .from(users)
    .where(contactFilter(query))
    .orderBy(...orderBy(sortOf(SORT_COLUMNS, query, users.id)));
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize).map((row) => row.id);
    const rows = await db.select().from(users).where(inArray(users.id, batch));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of batch) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}

export async function getContact(db: Db, id: string): Promise<ApiUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? toApiUser(row) : null;
}

/**
 * One contact as its page shows it: with the state of their last welcome email. Lists leave it
 * out, so a page of contacts costs no query per row.
 */
export async function getContactDetail(db: Db, id: string): Promise<ApiContactDetail | null> {
  const contact = await getContact(db, id);
  return contact ? { ...contact, welcomeEmail: await lastWelcomeEmail(db, id) } : null;
}

/** The columns a contact payload sets. */
function contactColumns(input: ContactInput) {
  return {
    email: input.email,
    role: input.role,
    status: input.status,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    street: input.address.street,
    city: input.address.city,
    state: input.address.state,
    zipCode: input.address.zipCode,
    country: input.address.country,
    bio: sanitizeRichText(input.bio),
    emailVerified: input.emailVerified,
    smsVerified: input.smsVerified,
  };
}

/** Runs `write`, turning a duplicate email into a 409 that says so. */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique'))
      throw conflict(serverTexts.contacts.duplicateEmail);
    throw error;
  }
}

/**
 * The spec's response fields keep their names (section 7), but what they say is "queued": the
 * message is in the outbox, written in the same transaction as the contact. Nothing is sent until
 * the delivery engine and the email sender take the rows.
 */
export interface ContactWriteResult {
  contact: ApiUser;
  optinMessageSent: boolean;
  welcomeEmailSent: boolean;
  /** The save gave the contact a number that had opted out, so they are opted out too. */
  phoneOptedOut: boolean;
}

/**
 * The consent side of a save, in its transaction: the verification rows, the phone's opt-out taken
 * on (consent belongs to the phone), then the opt-in request asked for. Answers the contact as
 * saved and what happened.
 */
async function saveConsent(
  tx: Tx,
  before: UserRow | null,
  row: UserRow,
  input: ContactInput,
  actor: UserRow,
  optin: OptinPolicy,
) {
  const clock = consentClock();
  await recordConsent(tx, verificationChanges(before, row, actor.id, clock));
  const at = clock();
  const phoneOptedOut = (await adoptPhoneOptOuts(tx, [row], actor.id, at)).has(row.id);
  const saved = phoneOptedOut ? { ...row, smsOptedOutAt: at, updatedAt: at } : row;
  const optinMessageSent = input.sendOptinMessage
    ? await queueOptinMessage(tx, saved, { staffUserId: actor.id, at: clock() }, optin)
    : false;
  return { saved, phoneOptedOut, optinMessageSent };
}

/**
 * Creates a contact and queues what it asks for (an opt-in SMS, a welcome email) in the same
 * transaction: the contact, its messages and its consent rows (a phone created verified, an
 * opt-in request) exist together, or not at all.
 */
export async function createContact(
  db: Db,
  input: ContactInput,
  actor: UserRow,
  optin: OptinPolicy,
): Promise<ContactWriteResult> {
  assertMayManage(actor, input.role);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...contactColumns(input), passwordHash })
        .returning();
      const { saved, phoneOptedOut, optinMessageSent } = await saveConsent(
        tx,
        null,
        row!,
        input,
        actor,
        optin,
      );
      const welcomeEmailSent = input.sendWelcomeEmail ? await queueWelcomeEmail(tx, row!) : false;
      return { contact: toApiUser(saved), optinMessageSent, welcomeEmailSent, phoneOptedOut };
    }),
  );
}

async function findContact(tx: Tx, id: string, lock: boolean): Promise<UserRow> {
  const query = tx.select().from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(serverTexts.contacts.notFound);
  return row;
}

/**
 * The phone rule on edit, now that the stored phone is known: a new number must be valid, and a
 * stored one the rule refuses may only be kept as it is (see keptPhoneProblem). Answered as the
 * body's own validation answers a phone (400, on the phone field).
 */
function assertPhoneMayBeSaved(input: ContactInput, stored: string | null) {
  const problem = input.phone
    ? keptPhoneProblem(input.phone, stored, input.sendOptinMessage)
    : null;
  if (problem) throw badRequest(problem, [{ field: 'phone', message: problem }]);
}

/**
 * What an update does to the stored password: a participant has none (and so no sessions), a new
 * password replaces it, and no password given keeps it.
 */
function passwordChange(input: ContactInput, newHash: string | null) {
  if (input.role === 'participant') return { passwordHash: null };
  return newHash ? { passwordHash: newHash } : {};
}

/**
 * Replaces a contact's details, through changeAccount, which ends what the change ends: a contact
 * who becomes a participant loses their password and their sessions; a host or admin given a new
 * password loses their other sessions (all of them, unless they changed their own, from
 * `actorSessionId`); a new email, role, status or verification ends their unused links, and one
 * that takes away the right to sign in ends their sessions for good. No change may leave Tidings
 * without an admin who can sign in. A change to the phone's verification is written to the
 * consent log in the same transaction; the opt-out (smsOptedOutAt) is not a column the form
 * writes, so no save can clear it.
 */
export async function updateContact(
  db: Db,
  id: string,
  input: ContactInput,
  actor: UserRow,
  actorSessionId: string | undefined,
  optin: OptinPolicy,
): Promise<Omit<ContactWriteResult, 'welcomeEmailSent'>> {
  // The new role alone already decides whether a host may send this (a password comes only with
  // a host or admin role); checked first so scrypt does not run for a refused request, and outside
  // the transaction so the row lock is not held while it runs.
  assertMayManage(actor, input.role);
  const newHash = input.password ? await hashPassword(input.password) : null;
  const changes = {
    ...contactColumns(input),
    ...passwordChange(input, newHash),
  };
  return uniqueEmail(() =>
    retryingTransaction(db, async (tx) => {
      await lockAdminsFirst(tx, await findContact(tx, id, false), changes);
      const before = await findContact(tx, id, true);
      assertMayManage(actor, before.role, input.role);
      assertPhoneMayBeSaved(input, before.phone);
      await assertKeepsAnAdmin(tx, before, { ...before, ...changes });
      const { user: row } = await changeAccount(tx, before, changes, {
        keepSessionId: id === actor.id ? actorSessionId : undefined,
      });
      const { saved, phoneOptedOut, optinMessageSent } = await saveConsent(
        tx,
        before,
        row,
        input,
        actor,
        optin,
      );
      return { contact: toApiUser(saved), optinMessageSent, phoneOptedOut };
    }),
  );
}
