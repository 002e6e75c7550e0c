import { describe, expect, it } from 'vitest';
import raw from '../../src/admin/help/help.md?raw';
import { HELP_MARKDOWN, helpSections, splitIntro } from '../../src/admin/help/helpContent';
import {
  fillPlaceholders,
  HELP_VALUES,
  PLACEHOLDER,
  placeholdersIn,
} from '../../src/admin/help/helpValues';
import { LIMITS, PROGRAM_STATUSES, SEND_WINDOW, TIME_ZONES } from '../../src/shared/constants';
import { TEST_SEND_LIMIT } from '../../src/shared/consent';
import { DELIVERY_DEFAULTS, DELIVERY_RETRY, MESSAGE_STATUSES } from '../../src/shared/delivery';
import { formatDuration } from '../../src/shared/format';
import { HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from '../../src/shared/keywords';
import { messages } from '../../src/shared/messages';
import { SEGMENT_LIMITS } from '../../src/shared/sms';

describe('the Help text', () => {
  it('fills every placeholder it uses', () => {
    const names = placeholdersIn(raw);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !Object.hasOwn(HELP_VALUES, name))).toEqual([]);
    expect(HELP_MARKDOWN).not.toMatch(/\{\{|\}\}/);
  });

  it('refuses a placeholder it does not know, naming it', () => {
    expect(() => fillPlaceholders('At most {{LIMITS.messageTxt}} characters')).toThrow(
      'LIMITS.messageTxt',
    );
    expect(fillPlaceholders('At most {{ LIMITS.messageText }} characters')).toBe(
      `At most ${LIMITS.messageText} characters`,
    );
  });

  it('uses every value it defines', () => {
    const used = new Set(placeholdersIn(raw));
    expect(Object.keys(HELP_VALUES).filter((name) => !used.has(name))).toEqual([]);
  });

  it('quotes the limits from src/shared', () => {
    for (const key of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      const name = `LIMITS.${key}`;
      if (name in HELP_VALUES) expect(HELP_VALUES[name], name).toBe(String(LIMITS[key]));
    }
    expect(HELP_VALUES['LIMITS.messageText']).toBe(String(LIMITS.messageText));
    expect(HELP_VALUES['SMS.gsmSingle']).toBe(String(SEGMENT_LIMITS['GSM-7'].single));
    expect(HELP_VALUES['SMS.gsmPart']).toBe(String(SEGMENT_LIMITS['GSM-7'].part));
    expect(HELP_VALUES['SMS.ucs2Single']).toBe(String(SEGMENT_LIMITS['UCS-2'].single));
    expect(HELP_VALUES['SMS.ucs2Part']).toBe(String(SEGMENT_LIMITS['UCS-2'].part));
    expect(HELP_VALUES['DELIVERY.cutoff']).toBe(formatDuration(DELIVERY_DEFAULTS.cutoffMs));
    expect(HELP_VALUES['DELIVERY.attempts']).toBe(String(DELIVERY_RETRY.maxAttempts));
    expect(HELP_VALUES['TEST_SEND.max']).toBe(String(TEST_SEND_LIMIT.max));
    expect(HELP_VALUES['TEST_SEND.minutes']).toBe(String(TEST_SEND_LIMIT.windowMs / 60_000));
    // The sizes as the upload errors state them ('Maximum size is 500KB').
    expect(HELP_VALUES['MEDIA.imageSize']).toBe(`${LIMITS.imageBytes / 1024} KB`);
    expect(messages.media.imageTooLarge).toContain(
      HELP_VALUES['MEDIA.imageSize']!.replace(' ', ''),
    );
    expect(messages.media.videoTooLarge).toContain(
      HELP_VALUES['MEDIA.videoSize']!.replace(' ', ''),
    );
    // The quiet hours as the program form states them.
    expect(messages.programs.sendTimeOutsideWindow).toContain(
      `between ${HELP_VALUES['SEND_WINDOW.earliest']} and ${HELP_VALUES['SEND_WINDOW.latest']}`,
    );
    expect(SEND_WINDOW.earliest).toBe('08:00');
    expect(HELP_VALUES['SEND_WINDOW.earliest']).toBe('8:00 AM');
  });

  it('lists every keyword, time zone and status with its meaning', () => {
    for (const word of OPT_IN_KEYWORDS)
      expect(HELP_VALUES['KEYWORDS.optIn']).toContain(`**${word}**`);
    for (const word of OPT_OUT_KEYWORDS)
      expect(HELP_VALUES['KEYWORDS.optOut']).toContain(`**${word}**`);
    for (const word of HELP_KEYWORDS) expect(HELP_VALUES['KEYWORDS.help']).toContain(`**${word}**`);
    for (const zone of TIME_ZONES) expect(HELP_VALUES.TIME_ZONES).toContain(zone);
    for (const status of MESSAGE_STATUSES) {
      expect(HELP_VALUES.MESSAGE_STATUSES).toContain(
        `- **${messages.delivery.statuses[status]}**: ${messages.delivery.statusHelp[status]}`,
      );
    }
    for (const status of PROGRAM_STATUSES) {
      expect(HELP_VALUES.PROGRAM_STATUSES).toContain(
        `- **${messages.programs.statuses[status]}**: ${messages.programs.statusHelp[status]}`,
      );
    }
  });

  it('writes no figure of its own: every number it quotes comes through a placeholder', () => {
    const text = raw.replace(PLACEHOLDER, ' ');
    // No number of two digits or more at all ...
    expect(text.match(/\d{2,}/g)).toBeNull();
    // ... and no single-digit value that a placeholder gives (GSM-7 and UCS-2 are names).
    for (const [name, value] of Object.entries(HELP_VALUES)) {
      if (!/^\d$/.test(value)) continue;
      expect(text, name).not.toMatch(new RegExp(`(?<![\\w.-])${value}(?![\\w.])`));
    }
    // Nor a value with units ('500 KB', '4 hours', '9:00 PM').
    for (const [name, value] of Object.entries(HELP_VALUES)) {
      if (/\d/.test(value) && /\D/.test(value) && !value.includes('\n')) {
        expect(text, name).not.toContain(value);
      }
    }
  });

  it('has an introduction, then sections a table of contents can link to', () => {
    const { intro, body } = splitIntro(HELP_MARKDOWN);
    expect(intro).toMatch(/^Tidings sends/);
    const sections = helpSections(body);
    expect(sections.length).toBeGreaterThanOrEqual(10);
    expect(sections).toContainEqual({
      id: 'quiet-hours-and-the-delivery-cutoff',
      title: 'Quiet hours and the delivery cutoff',
    });
    expect(new Set(sections.map((section) => section.id)).size).toBe(sections.length);
  });
});
