import { LIMITS } from './constants';

/**
 * Personal fields in a program message's text: `{first_name}`, or with a fallback for a recipient
 * who has none, `{first_name|there}`. They are filled when a day is planned (the outbox holds what
 * was sent); the editor counts each at a stated length. Braces are for fields only: an unknown name
 * or a brace that opens or closes no field is refused when the product is saved, so nothing reaches
 * a participant as `{frist_name}`. Text stored before fields existed is sent as written: a part
 * that is no field stays as it is.
 */

export const PERSONAL_FIELDS = [
  'first_name',
  'last_name',
  'program_name',
  'day',
  'days_left',
] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** The fields that are numbers: the day of the program, and the days after it. */
const NUMBER_FIELDS: ReadonlySet<PersonalField> = new Set(['day', 'days_left']);

/** What `{day}` and `{days_left}` count as: the digits of the longest product's last day (366). */
export const NUMBER_FIELD_LENGTH = String(LIMITS.daysMax + 1).length;

/** A fallback is a few words, on one line, without braces or bars. */
export const FALLBACK_MAX = 40;

export type TemplatePart = string | { field: PersonalField; fallback: string };

export interface ParsedText {
  /** Literal text and fields, in order. A part that is no field is literal text here. */
  parts: TemplatePart[];
  /** Fields with a name Tidings does not know, as written: `{frist_name}`. */
  unknown: string[];
  /** Braces that open or close no field, or a field written wrongly, as written (cut short). */
  broken: string[];
}

const FIELD = /^([A-Za-z_]+)(?:\|([^{}|\r\n]*))?$/;
const SHOWN_MAX = 24;
const shown = (text: string) => (text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX)}…` : text);
const isField = (name: string): name is PersonalField =>
  (PERSONAL_FIELDS as readonly string[]).includes(name);

/** The text's literal parts and fields, and what in it is no field. Linear in the text's length. */
export function parsePersonalText(text: string): ParsedText {
  const parts: TemplatePart[] = [];
  const unknown: string[] = [];
  const broken: string[] = [];
  let literal = '';
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    const close = text.indexOf('}', at);
    if (close !== -1 && (open === -1 || close < open)) {
      broken.push('}');
      literal += text.slice(at, close + 1);
      at = close + 1;
      continue;
    }
    if (open === -1) {
      literal += text.slice(at);
      break;
    }
    literal += text.slice(at, open);
    const end = text.indexOf('}', open + 1);
    const nested = text.indexOf('{', open + 1);
    if (end === -1 || (nested !== -1 && nested < end)) {
      // A brace that is never closed before the next one opens: the text up to there is literal.
      const stop = nested === -1 ? text.length : nested;
      broken.push(shown(text.slice(open, stop)));
      literal += text.slice(open, stop);
      at = stop;
      continue;
    }
    const written = text.slice(open, end + 1);
    const match = FIELD.exec(text.slice(open + 1, end));
    const fallback = match?.[2] ?? '';
    if (match && isField(match[1]!) && fallback.length <= FALLBACK_MAX) {
      if (literal) parts.push(literal);
      literal = '';
      parts.push({ field: match[1], fallback });
    } else {
      (match && !isField(match[1]!) ? unknown : broken).push(shown(written));
      literal += written;
    }
    at = end + 1;
  }
  if (literal) parts.push(literal);
  return { parts, unknown, broken };
}

/** A recipient's values; null where they have none (a contact without a last name). */
export type PersonalValues = Record<PersonalField, string | number | null>;

/** Whitespace of any kind, runs of it: a name typed with a line break still goes on one line. */
const SPACES = /\s+/g;

/**
 * The text as one recipient receives it, and the fields that came out empty (no value and no
 * fallback): the preview flags those.
 */
export function fillPersonalText(
  parsed: ParsedText,
  values: PersonalValues,
): { text: string; empty: PersonalField[] } {
  const empty: PersonalField[] = [];
  const text = parsed.parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const value = String(values[part.field] ?? '')
        .replace(SPACES, ' ')
        .trim();
      const filled = value || part.fallback;
      if (!filled) empty.push(part.field);
      return filled;
    })
    .join('');
  return { text: text.trim(), empty };
}

/**
 * The text as the editor counts it: each name as `nameLength` characters (or its fallback's, if
 * longer), each number as NUMBER_FIELD_LENGTH digits. The stand-in starts with the fallback, so a
 * fallback that forces Unicode is counted so.
 */
export function countedPersonalText(text: string, nameLength: number): string {
  return parsePersonalText(text)
    .parts.map((part) => {
      if (typeof part === 'string') return part;
      const length = NUMBER_FIELDS.has(part.field) ? NUMBER_FIELD_LENGTH : nameLength;
      return part.fallback.padEnd(length, NUMBER_FIELDS.has(part.field) ? '0' : 'x');
    })
    .join('');
}

/** Whether the text uses any field. */
export const hasPersonalFields = (text: string) =>
  parsePersonalText(text).parts.some((part) => typeof part !== 'string');
