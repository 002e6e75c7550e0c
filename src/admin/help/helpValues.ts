import {
  DEFAULT_TIME_ZONE,
  LIMITS,
  PROGRAM_STATUSES,
  SEND_WINDOW,
  TIME_ZONES,
} from '../../shared/constants';
import { CONVERSATION_WINDOW_MS, TEST_SEND_LIMIT } from '../../shared/consent';
import {
  DELIVERY_DEFAULTS,
  DELIVERY_RETRY,
  HANDED_OVER_STATUSES,
  MESSAGE_STATUSES,
  PLANNER_LIMITS,
} from '../../shared/delivery';
import { formatDuration } from '../../shared/format';
import { HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from '../../shared/keywords';
import { MEDIA_FORMATS } from '../../shared/media';
import { messages } from '../../shared/messages';
import { SEGMENT_LIMITS } from '../../shared/sms';

/**
 * What the Help page's Markdown (help.md) quotes from the rules of Tidings. The text names each
 * fact by a placeholder, `{{LIMITS.messageText}}`, and this map gives its value, read from
 * src/shared where the rule itself lives: change a limit there and the page says so. A
 * placeholder this map does not know is a mistake, and `fillPlaceholders` refuses it (a unit test
 * renders the page's text through it).
 */

/** 'a, b and c' / 'a, b or c'. */
function joined(items: readonly string[], last: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

const bold = (words: readonly string[]) => words.map((word) => `**${word}**`);

/** '08:00' -> '8:00 AM', as the program form's time picker shows it. */
function clockTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The upload formats of one kind of media, each named once ('jpeg' is 'jpg'). */
const formatsOf = (video: boolean) => [
  ...new Set(
    Object.values(MEDIA_FORMATS)
      .filter((format) => (format.type === 'video') === video)
      .map((format) => format.extension.toUpperCase()),
  ),
];

/** A Markdown list, one line per item: '- **Queued**: Waiting for its time…'. */
const definitions = (entries: readonly (readonly [term: string, meaning: string])[]) =>
  entries.map(([term, meaning]) => `- **${term}**: ${meaning}`).join('\n');

export const HELP_VALUES: Readonly<Record<string, string>> = {
  'LIMITS.messageText': String(LIMITS.messageText),
  'LIMITS.messageTextWarning': String(LIMITS.messageTextWarning),
  'LIMITS.linkUrl': String(LIMITS.linkUrl),
  'LIMITS.linkUrlHintMin': String(LIMITS.linkUrlHintMin),
  'LIMITS.daysMin': String(LIMITS.daysMin),
  'LIMITS.daysMax': String(LIMITS.daysMax),
  'LIMITS.daysDefault': String(LIMITS.daysDefault),
  'LIMITS.videoSeconds': String(LIMITS.videoSeconds),
  'LIMITS.phoneDigitsMin': String(LIMITS.phoneDigitsMin),
  'LIMITS.phoneDigitsMax': String(LIMITS.phoneDigitsMax),
  // Sizes as the upload messages state them: 500 KB (512,000 bytes), 1 MB (1,048,576 bytes).
  'MEDIA.imageSize': `${LIMITS.imageBytes / 1024} KB`,
  'MEDIA.videoSize': `${LIMITS.videoBytes / 1024 / 1024} MB`,
  'MEDIA.imageFormats': joined(formatsOf(false), 'or'),
  'MEDIA.videoFormats': joined(formatsOf(true), 'or'),
  'SMS.gsmSingle': String(SEGMENT_LIMITS['GSM-7'].single),
  'SMS.gsmPart': String(SEGMENT_LIMITS['GSM-7'].part),
  'SMS.ucs2Single': String(SEGMENT_LIMITS['UCS-2'].single),
  'SMS.ucs2Part': String(SEGMENT_LIMITS['UCS-2'].part),
  'SEND_WINDOW.earliest': clockTime(SEND_WINDOW.earliest),
  'SEND_WINDOW.latest': clockTime(SEND_WINDOW.latest),
  'SEND_WINDOW.default': clockTime(SEND_WINDOW.default),
  'DELIVERY.cutoff': formatDuration(DELIVERY_DEFAULTS.cutoffMs),
  'DELIVERY.attempts': String(DELIVERY_RETRY.maxAttempts),
  'DELIVERY.planLead': formatDuration(PLANNER_LIMITS.leadMs),
  'KEYWORDS.optIn': joined(bold(OPT_IN_KEYWORDS), 'or'),
  'KEYWORDS.optOut': joined(bold(OPT_OUT_KEYWORDS), 'or'),
  'KEYWORDS.help': joined(bold(HELP_KEYWORDS), 'or'),
  'TEST_SEND.max': String(TEST_SEND_LIMIT.max),
  'CONVERSATION.hours': String(CONVERSATION_WINDOW_MS / 3_600_000),
  'TEST_SEND.minutes': String(TEST_SEND_LIMIT.windowMs / 60_000),
  TIME_ZONES: joined(
    TIME_ZONES.map((zone) => (zone === DEFAULT_TIME_ZONE ? `${zone} (the default)` : zone)),
    'and',
  ),
  PROGRAM_STATUSES: definitions(
    PROGRAM_STATUSES.map((status) => [
      messages.programs.statuses[status],
      messages.programs.statusHelp[status],
    ]),
  ),
  HANDED_OVER_STATUSES: joined(
    HANDED_OVER_STATUSES.map((status) => messages.delivery.statuses[status].toLowerCase()),
    'and',
  ),
  MESSAGE_STATUSES: definitions(
    MESSAGE_STATUSES.map((status) => [
      messages.delivery.statuses[status],
      messages.delivery.statusHelp[status],
    ]),
  ),
};

/** `{{NAME}}`: a name of letters, digits, dots and underscores, spaces allowed inside the braces. */
export const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The names of the placeholders `text` uses, in order of appearance. */
export const placeholdersIn = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);

/** `text` with every placeholder replaced by its value; an unknown placeholder throws. */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string>> = HELP_VALUES,
): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    if (!Object.hasOwn(values, name))
      throw new Error(`Unknown placeholder in the help text: ${name}`);
    return values[name]!;
  });
}
