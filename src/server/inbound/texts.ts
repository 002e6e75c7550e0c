import { formatMessage } from '../../shared/format';
import type { ReplyLanguage } from '../../shared/reply-reading';
import { serverTexts } from '../texts';

/** Programs a confirmation names; more are counted ('and 2 more'). */
export const PROGRAMS_NAMED_MAX = 3;
/** Longest program name a confirmation quotes: three of them keep it within two segments. */
export const PROGRAM_NAME_QUOTED_MAX = 30;

/** The answers Tidings texts, in the language of the keyword the phone wrote. */
const SMS_TEXTS = { en: serverTexts.sms, es: serverTexts.smsEs, fr: serverTexts.smsFr } as const;

const quoted = (name: string) => {
  const trimmed = name.trim();
  return trimmed.length > PROGRAM_NAME_QUOTED_MAX
    ? `${trimmed.slice(0, PROGRAM_NAME_QUOTED_MAX).trimEnd()}...`
    : trimmed;
};

/** 'A', 'A and B', 'A, B and C', 'A, B, C and 2 more' (in the answer's language). */
export function programList(names: readonly string[], language: ReplyLanguage = 'en'): string {
  const t = serverTexts.smsLists[language];
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
export const optinConfirmation = (
  programNames: readonly string[],
  language: ReplyLanguage = 'en',
): string =>
  programNames.length > 0
    ? formatMessage(SMS_TEXTS[language].optinConfirmed, {
        programs: programList(programNames, language),
      })
    : SMS_TEXTS[language].optinConfirmedNoProgram;

/** The one message that follows an opt-out. */
export const optOutConfirmation = (language: ReplyLanguage = 'en'): string =>
  SMS_TEXTS[language].optedOut;

/** The answer to HELP/INFO (AYUDA, AIDE). */
export const helpReply = (contact: string, language: ReplyLanguage = 'en'): string =>
  formatMessage(SMS_TEXTS[language].help, { contact });
