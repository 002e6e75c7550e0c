import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';

/** Programs a confirmation names; more are counted ('and 2 more'). */
export const PROGRAMS_NAMED_MAX = 3;
/** Longest program name a confirmation quotes: three of them keep it within two segments. */
export const PROGRAM_NAME_QUOTED_MAX = 30;

const t = messages.inbound;

const quoted = (name: string) => {
  const trimmed = name.trim();
  return trimmed.length > PROGRAM_NAME_QUOTED_MAX
    ? `${trimmed.slice(0, PROGRAM_NAME_QUOTED_MAX).trimEnd()}...`
    : trimmed;
};

/** 'A', 'A and B', 'A, B and C', 'A, B, C and 2 more'. */
export function programList(names: readonly string[]): string {
  const shown = names.slice(0, PROGRAMS_NAMED_MAX).map(quoted);
  const others = names.length - shown.length;
  const items = others > 0 ? [...shown, formatMessage(t.moreNames, { count: others })] : shown;
  if (items.length <= 1) return items[0] ?? '';
  return formatMessage(t.listAnd, {
    list: items.slice(0, -1).join(', '),
    last: items[items.length - 1]!,
  });
}

/** The answer to an opt-in: the programs the phone's messages come from, if any yet. */
export const optinConfirmation = (programNames: readonly string[]): string =>
  programNames.length > 0
    ? formatMessage(messages.sms.optinConfirmed, { programs: programList(programNames) })
    : messages.sms.optinConfirmedNoProgram;

/** The answer to HELP/INFO. */
export const helpReply = (contact: string): string => formatMessage(messages.sms.help, { contact });
