import { IMPORT_FIELDS, type DuplicateRule, type ImportField } from '../../shared/contact-import';
import type { Role } from '../../shared/constants';
import { serverTexts } from '../texts';
import type { CredentialColumn } from '../auth/account-change';
import type { users } from '../db/schema';

/** The fields an import may fill in on a contact that already exists: all but who they are. */
export type FillableField = Exclude<ImportField, 'email' | 'role' | 'status'>;

const NOT_FILLED: readonly ImportField[] = ['email', 'role', 'status'];

export const FILLABLE_FIELDS = IMPORT_FIELDS.filter(
  (field): field is FillableField => !NOT_FILLED.includes(field),
);

/**
 * An import never fills in what links and sessions rest on (see changeAccount), so its UPDATE
 * need not end any: this type stops compiling should a fillable field ever become one.
 */
export type FillsNoCredential = Holds<
  [Extract<FillableField, CredentialColumn>] extends [never] ? true : false
>;
type Holds<T extends true> = T;

type ContactRow = typeof users.$inferSelect;

/** What of a stored contact the rule looks at. */
export type ExistingContact = Pick<
  ContactRow,
  'id' | 'email' | 'role' | 'smsVerified' | FillableField
>;

/** A row's values for the fillable fields, as they would be saved (bio sanitised, phone E.164). */
export type RowValues = Pick<ContactRow, FillableField>;

export type ExistingOutcome =
  { fills: Partial<Record<FillableField, string>> } | { problem: string };

const t = serverTexts.contactImport;

/**
 * What a row does to the contact that already has its email. 'skip' leaves the contact alone.
 * 'update' fills in the contact's empty fields from the row and nothing else: never the role, the
 * status, a password or a verification, and the country only when the contact has none. A host
 * may change participants only. A phone is not added to a contact marked verified without one:
 * the verification would then vouch for a number its owner never confirmed.
 */
export function existingContactOutcome(
  existing: ExistingContact,
  row: RowValues,
  rule: DuplicateRule,
  importerRole: Role,
): ExistingOutcome {
  if (rule === 'skip') return { problem: t.alreadyExists };
  if (importerRole !== 'admin' && existing.role !== 'participant') {
    return { problem: t.staffByAdminsOnly };
  }
  const fills: Partial<Record<FillableField, string>> = {};
  for (const field of FILLABLE_FIELDS) {
    const value = row[field];
    if (!value || existing[field]) continue;
    if (field === 'phone' && existing.smsVerified) continue;
    fills[field] = value;
  }
  return Object.keys(fills).length > 0 ? { fills } : { problem: t.nothingToFill };
}
