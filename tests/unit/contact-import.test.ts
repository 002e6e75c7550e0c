import { describe, expect, it } from 'vitest';
import { CONTACT_CSV_COLUMNS } from '../../src/server/services/contacts-csv';
import { headerKey, IMPORT_FIELDS, proposeMapping } from '../../src/shared/contact-import';

describe('contact import: the proposed mapping', () => {
  it("maps the contacts export's own header back onto its fields, and leaves the rest out", () => {
    const mapping = proposeMapping(CONTACT_CSV_COLUMNS);
    const byHeader = Object.fromEntries(CONTACT_CSV_COLUMNS.map((h, i) => [h, mapping[i]]));
    expect(byHeader).toEqual({
      'First name': 'firstName',
      'Last name': 'lastName',
      Email: 'email',
      Phone: 'phone',
      Role: 'role',
      Status: 'status',
      // Verification comes from the person, never from a file.
      'Email verified': null,
      'Phone verified': null,
      Street: 'street',
      City: 'city',
      State: 'state',
      'Zip code': 'zipCode',
      Country: 'country',
      'Created (Los Angeles time)': null,
      'Last login (Los Angeles time)': null,
      'Login count': null,
      'Bio / notes': 'bio',
    });
    // Every field an import can fill is in the export, so an export imports whole.
    expect(new Set(mapping.filter(Boolean))).toEqual(new Set(IMPORT_FIELDS));
  });

  it("reads spreadsheets' other names, whatever their case, spacing and punctuation", () => {
    expect(
      proposeMapping([
        'E-mail Address',
        'GIVEN NAME',
        'surname',
        'Mobile Phone',
        'Postal-Code',
        ' Notes ',
      ]),
    ).toEqual(['email', 'firstName', 'lastName', 'phone', 'zipCode', 'bio']);
  });

  it('gives a field to the first column that names it, and proposes nothing for unknown headers', () => {
    expect(proposeMapping(['Email', 'Favourite colour', 'e-mail', '', 'Password'])).toEqual([
      'email',
      null,
      null,
      null,
      null,
    ]);
  });

  it('compares headers without accents, case or punctuation', () => {
    expect(headerKey('  Zip-Code (US) ')).toBe('zipcodeus');
    expect(headerKey('Prénom')).toBe('prenom');
  });
});
