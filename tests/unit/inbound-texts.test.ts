import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/shared/format';
import { serverTexts } from '../../src/server/texts';
import { analyzeSms } from '../../src/shared/sms';
import { optinConfirmation, programList } from '../../src/server/inbound/texts';

describe('programList', () => {
  it('names one, two or three programs in plain English', () => {
    expect(programList(['Walks'])).toBe('Walks');
    expect(programList(['Walks', 'Sleep'])).toBe('Walks and Sleep');
    expect(programList(['Walks', 'Sleep', 'Calm'])).toBe('Walks, Sleep and Calm');
  });

  it('names three and counts the others', () => {
    expect(programList(['A', 'B', 'C', 'D'])).toBe('A, B, C and 1 more');
    expect(programList(['A', 'B', 'C', 'D', 'E', 'F'])).toBe('A, B, C and 3 more');
  });

  it('cuts a long name, so the confirmation stays short', () => {
    const long = 'Mindful Mornings for Busy Parents and Their Teens';
    expect(programList([long])).toBe('Mindful Mornings for Busy Pare...');
  });
});

describe('optinConfirmation', () => {
  it('names the programs, or says the messages start with the program', () => {
    expect(optinConfirmation(['Walks'])).toBe(
      formatMessage(serverTexts.sms.optinConfirmed, { programs: 'Walks' }),
    );
    expect(optinConfirmation([])).toBe(serverTexts.sms.optinConfirmedNoProgram);
  });

  it('fits in two segments with three long names', () => {
    const body = optinConfirmation(['x'.repeat(200), 'y'.repeat(200), 'z'.repeat(200), 'w']);
    expect(analyzeSms(body).segments).toBeLessThanOrEqual(2);
  });
});
