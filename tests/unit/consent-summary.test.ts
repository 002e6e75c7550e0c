import { describe, expect, it } from 'vitest';
import { consentSummary, type ConsentSummaryEvent } from '../../src/shared/consent-summary';

const phone = '+15035550101';
/** The date as the caller formats it; here the ISO day, so the cases read plainly. */
const day = (iso: string) => iso.slice(0, 10);

const contact = (overrides: Partial<Parameters<typeof consentSummary>[0]> = {}) => ({
  phone,
  smsVerified: false,
  smsOptedOutAt: null,
  ...overrides,
});

const event = (
  kind: ConsentSummaryEvent['event'],
  at: string,
  overrides: Partial<ConsentSummaryEvent> = {},
): ConsentSummaryEvent => ({
  event: kind,
  source: 'keyword',
  phone,
  staffName: null,
  keyword: null,
  at,
  ...overrides,
});

const requested = event('optin_requested', '2027-03-01T10:00:00.000Z', {
  source: 'staff',
  staffName: 'Ada Lovelace',
});
const joined = event('opted_in', '2027-03-02T10:00:00.000Z', { keyword: 'JOIN' });
const stopped = event('opted_out', '2027-03-05T10:00:00.000Z', { keyword: 'STOP' });

describe("a contact's opt-in state in words", () => {
  it('says how and when they opted in by replying', () => {
    expect(consentSummary(contact({ smsVerified: true }), [joined, requested], day)).toEqual({
      state: 'opted_in',
      text: 'Opted in by replying JOIN on 2027-03-02',
      note: null,
    });
  });

  it('names the keyword they replied with', () => {
    const start = event('opted_in', '2027-03-02T10:00:00.000Z', { keyword: 'start' });
    expect(consentSummary(contact({ smsVerified: true }), [start], day).text).toBe(
      'Opted in by replying START on 2027-03-02',
    );
  });

  it('names the staff member who marked the phone verified', () => {
    const verified = event('verified', '2027-03-03T10:00:00.000Z', {
      source: 'staff',
      staffName: 'Grace Hopper',
    });
    expect(
      consentSummary(contact({ smsVerified: true }), [verified, joined, requested], day).text,
    ).toBe('Marked verified by Grace Hopper on 2027-03-03');
    const byWhom = { ...verified, staffName: null };
    expect(consentSummary(contact({ smsVerified: true }), [byWhom], day).text).toBe(
      'Marked verified by a staff member on 2027-03-03',
    );
  });

  it('says so when a verified phone has no record in the log', () => {
    expect(consentSummary(contact({ smsVerified: true }), [], day).text).toBe(
      'Opted in (the consent log has no record of how or when)',
    );
  });

  it('says when they replied STOP, and that only their own reply opts them back in', () => {
    const summary = consentSummary(
      contact({ smsVerified: true, smsOptedOutAt: stopped.at }),
      [stopped, joined],
      day,
    );
    expect(summary).toEqual({
      state: 'opted_out',
      text: 'Opted out (STOP) on 2027-03-05',
      note: 'Only a reply of START or JOIN from their phone opts them back in; marking the phone verified does not.',
    });
  });

  it('says who saved a number that had opted out, which opted the contact out with it', () => {
    const saved = event('opted_out', '2027-03-07T10:00:00.000Z', {
      source: 'staff',
      staffName: 'Grace Hopper',
    });
    expect(consentSummary(contact({ smsOptedOutAt: saved.at }), [saved], day)).toEqual({
      state: 'opted_out',
      text: 'Opted out on 2027-03-07: Grace Hopper saved a number that had opted out',
      note: 'Only a reply of START or JOIN from their phone opts them back in; marking the phone verified does not.',
    });
  });

  it('says a JOIN or a STOP typed with Simulate reply was simulated, and by whom, never the phone', () => {
    const simulatedJoin = event('opted_in', '2027-03-02T10:00:00.000Z', {
      source: 'simulated',
      keyword: 'join',
      staffName: 'Ada Lovelace',
    });
    expect(consentSummary(contact({ smsVerified: true }), [simulatedJoin], day).text).toBe(
      'Opted in by a JOIN simulated by Ada Lovelace on 2027-03-02',
    );
    const simulatedStop = event('opted_out', '2027-03-05T10:00:00.000Z', {
      source: 'simulated',
      keyword: 'STOP',
      staffName: null,
    });
    expect(
      consentSummary(
        contact({ smsVerified: true, smsOptedOutAt: simulatedStop.at }),
        [simulatedStop, simulatedJoin],
        day,
      ).text,
    ).toBe('Opted out by a STOP simulated by a staff member on 2027-03-05');
  });

  it('says when the carrier reported the number unsubscribed (21610)', () => {
    const carrier = event('opted_out', '2027-03-06T10:00:00.000Z', { source: 'provider' });
    expect(
      consentSummary(contact({ smsOptedOutAt: carrier.at }), [carrier, joined], day).text,
    ).toBe('Opted out: the carrier reported the number unsubscribed (21610) on 2027-03-06');
  });

  it('dates an opt-out from the reply that started it, not a later STOP or a staff mark', () => {
    const again = event('opted_out', '2027-03-09T10:00:00.000Z', { keyword: 'unsubscribe' });
    const verified = event('verified', '2027-03-08T10:00:00.000Z', {
      source: 'staff',
      staffName: 'Grace Hopper',
    });
    const first = event('opted_out', '2027-03-07T10:00:00.000Z', { keyword: 'quit' });
    const rejoined = event('opted_in', '2027-03-06T10:00:00.000Z', { keyword: 'START' });
    expect(
      consentSummary(
        contact({ smsVerified: true, smsOptedOutAt: first.at }),
        [again, verified, first, rejoined, stopped, joined],
        day,
      ).text,
    ).toBe('Opted out (QUIT) on 2027-03-07');
  });

  it('reads a free-text STOP reply with no keyword as STOP', () => {
    const free = { ...stopped, keyword: null };
    expect(consentSummary(contact({ smsOptedOutAt: free.at }), [free], day).text).toBe(
      'Opted out (STOP) on 2027-03-05',
    );
  });

  it('still dates an opt-out the log has no row for', () => {
    expect(
      consentSummary(contact({ smsOptedOutAt: '2027-03-10T10:00:00.000Z' }), [joined], day),
    ).toMatchObject({ state: 'opted_out', text: 'Opted out on 2027-03-10' });
  });

  it('says an opt-in request is waiting for a reply', () => {
    expect(consentSummary(contact(), [requested], day)).toEqual({
      state: 'not_opted_in',
      text: 'Opt-in request sent on 2027-03-01; no reply yet',
      note: null,
    });
  });

  it('names who marked the phone not verified', () => {
    const unverified = event('unverified', '2027-03-04T10:00:00.000Z', {
      source: 'staff',
      staffName: 'Ada Lovelace',
    });
    expect(consentSummary(contact(), [unverified, joined, requested], day).text).toBe(
      'Marked not verified by Ada Lovelace on 2027-03-04',
    );
  });

  it('says not opted in when nothing was asked, and why when there is no phone', () => {
    expect(consentSummary(contact(), [], day)).toEqual({
      state: 'not_opted_in',
      text: 'Not opted in',
      note: null,
    });
    expect(consentSummary(contact({ phone: null }), [requested], day).text).toBe(
      'Not opted in: no phone number',
    );
  });

  it('does not read events of a phone number the contact no longer has', () => {
    const old = { ...requested, phone: '+15035550199' };
    expect(consentSummary(contact(), [old], day).text).toBe('Not opted in');
    // The same number written another way is the same phone.
    const spaced = { ...requested, phone: '+1 (503) 555-0101' };
    expect(consentSummary(contact(), [spaced], day).text).toBe(
      'Opt-in request sent on 2027-03-01; no reply yet',
    );
  });
});
