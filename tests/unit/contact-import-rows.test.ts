import { describe, expect, it } from 'vitest';
import {
  mappingProblem,
  proposeMapping,
  type ImportMapping,
} from '../../src/shared/contact-import';
import { messages } from '../../src/shared/messages';
import { importRow } from '../../src/shared/validation/contact-import';

const t = messages.contactImport;
const c = messages.contacts;
const HEADER = ['Email', 'First name', 'Last name', 'Phone', 'Role', 'Status', 'Country', 'Notes'];
const mapping = proposeMapping(HEADER);

describe('a row of an import file, as it will be saved', () => {
  it('saves the email lower-cased, the phone in E.164, and the defaults for blank cells', () => {
    const { contact, problems } = importRow(
      [
        '  Ada.Lovelace@Example.ORG ',
        ' Ada ',
        'Lovelace',
        '(503) 555-0142',
        '',
        '',
        '',
        'Likes maths',
      ],
      mapping,
      'admin',
    );
    expect(problems).toEqual([]);
    expect(contact).toEqual({
      email: 'ada.lovelace@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+15035550142',
      role: 'participant',
      status: 'active',
      address: { street: '', city: '', state: '', zipCode: '', country: 'United States' },
      bio: 'Likes maths',
    });
  });

  it('reads roles and statuses by value or label, in any case', () => {
    const row = (role: string, status: string) =>
      importRow(['a@example.org', 'A', 'B', '', role, status, 'Canada', ''], mapping, 'admin');
    expect(row('HOST', 'Inactive').contact).toMatchObject({ role: 'host', status: 'inactive' });
    expect(row('admin', 'suspended').contact).toMatchObject({ role: 'admin', status: 'suspended' });
    expect(row('Participant', 'ACTIVE').contact?.address.country).toBe('Canada');
  });

  it("gives each problem in the contact form's words, field by field", () => {
    const { contact, problems } = importRow(
      ['not-an-email', '', ' ', '555-0100', 'Boss', 'Gone', '', ''],
      mapping,
      'admin',
    );
    expect(contact).toBeNull();
    expect(problems).toEqual([
      { field: 'email', message: c.emailInvalid },
      { field: 'firstName', message: c.firstNameRequired },
      { field: 'lastName', message: c.lastNameRequired },
      { field: 'phone', message: c.phoneTooShort },
      { field: 'role', message: t.roleInvalid },
      { field: 'status', message: t.statusInvalid },
    ]);
    expect(
      importRow(['', 'A', 'B', '1234567890123456', '', '', '', 'x'.repeat(2001)], mapping, 'admin')
        .problems,
    ).toEqual([
      { field: 'email', message: c.emailRequired },
      { field: 'phone', message: c.phoneTooLong },
      { field: 'bio', message: 'Bio / notes can be at most 2000 characters long' },
    ]);
  });

  it("takes only participants from a host's file", () => {
    const row = (role: string) =>
      importRow(['a@example.org', 'A', 'B', '', role, '', '', ''], mapping, 'host');
    expect(row('participant').problems).toEqual([]);
    expect(row('Host').problems).toEqual([{ field: 'role', message: t.hostsImportParticipants }]);
    expect(row('admin').problems).toEqual([{ field: 'role', message: t.hostsImportParticipants }]);
  });

  it('reads only mapped columns, whatever their order, and never a password or a verification', () => {
    const reordered: ImportMapping = [null, 'lastName', 'email', null, 'firstName'];
    const { contact } = importRow(
      ['secret password', 'Hopper', 'grace@example.org', 'TRUE', 'Grace'],
      reordered,
      'admin',
    );
    expect(contact).toMatchObject({
      email: 'grace@example.org',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(Object.keys(contact!)).not.toContain('password');
    expect(Object.keys(contact!)).not.toContain('emailVerified');
    expect(Object.keys(contact!)).not.toContain('smsVerified');
  });
});

describe('the mapping a file is imported with', () => {
  it('needs one entry per column, no field twice, and the email and both names', () => {
    expect(mappingProblem(mapping, HEADER.length)).toBeNull();
    expect(mappingProblem(mapping, 3)).toBe(
      'The mapping must give a field, or none, for each of the 3 columns.',
    );
    expect(mappingProblem(['email', 'email', 'firstName', 'lastName'], 4)).toBe(
      'Email is chosen for more than one column.',
    );
    expect(mappingProblem(['email', 'firstName', null], 3)).toBe(
      'Choose the column that holds Last name.',
    );
  });
});

describe('over-long cells', () => {
  it('are named as the form labels the field', () => {
    const header = ['Email', 'First name', 'Last name', 'Street', 'Zip code'];
    const { problems } = importRow(
      ['a@example.org', 'A'.repeat(101), 'B', 'S'.repeat(201), '1'.repeat(21)],
      proposeMapping(header),
      'admin',
    );
    expect(problems).toEqual([
      { field: 'firstName', message: 'First name can be at most 100 characters long' },
      { field: 'street', message: 'Street can be at most 200 characters long' },
      { field: 'zipCode', message: 'Zip code can be at most 20 characters long' },
    ]);
  });
});

describe('characters that are not text', () => {
  it('are refused in any mapped cell, as the API refuses them, and left alone in the others', () => {
    const header = ['Email', 'First name', 'Last name', 'Role', 'Unmapped'];
    const { contact, problems } = importRow(
      ['a@example.org', 'A\u0001', 'B\ud800', 'Host\u0007', 'ignored\u0000'],
      proposeMapping(header),
      'admin',
    );
    expect(contact).toBeNull();
    expect(problems).toEqual([
      { field: 'firstName', message: messages.server.invalidCharacters },
      { field: 'lastName', message: messages.server.invalidCharacters },
      { field: 'role', message: messages.server.invalidCharacters },
    ]);
  });
});
