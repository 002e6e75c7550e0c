/**
 * How Tidings reads a participant's reply: a request to stop, to start again, for help, one whose
 * meaning a person should decide ('review'), or none of these. The FCC's consent-revocation rule
 * (47 CFR 64.1200(a)(10), in force since 2025-04-11) makes 'stop, quit, end, revoke, opt out,
 * cancel, unsubscribe' revoke consent, and any wording a reasonable person would read as a request
 * to stop, in any language; carriers add STOPALL and the opt-in and help words. So:
 *
 * - a reply that is a keyword (in English, Spanish or French, in any case, spaced or misspelt by a
 *   letter, with 'please' or an emoji around it) asks for what the keyword says;
 * - a sentence that asks not to be texted ('please take me off your list', 'no me manden más
 *   mensajes'), however long, is a request to stop, unless the whole request is negated ('please
 *   don't ever stop these');
 * - a stop word in another sense ('the bus stop', 'end of the day', 'quit joking') is none;
 * - a stop-like reply whose meaning is in doubt ('Stop by the office tomorrow?', 'pause', 'too many
 *   texts', 'stop texting so early') is 'review'.
 *
 * `tests/unit/fixtures/replies-corpus.tsv` holds the labelled replies the rule is tested on.
 */

export type ReplyReading = 'optout' | 'optin' | 'help' | 'review' | 'none';
/** The languages of the keywords and phrases read, the ones answers are given in. */
export const REPLY_LANGUAGES = ['en', 'es', 'fr'] as const;
export type ReplyLanguage = (typeof REPLY_LANGUAGES)[number];

export interface Reading {
  reading: ReplyReading;
  /** The language of the keyword or phrase read, so an answer can be given in it. */
  language: ReplyLanguage;
}

export const KEYWORDS: Record<
  Exclude<ReplyReading, 'review' | 'none'>,
  Record<string, ReplyLanguage>
> = {
  optout: {
    stop: 'en',
    stopall: 'en',
    unsubscribe: 'en',
    cancel: 'en',
    end: 'en',
    quit: 'en',
    revoke: 'en',
    optout: 'en',
    alto: 'es',
    parar: 'es',
    pare: 'es',
    detener: 'es',
    cancelar: 'es',
    baja: 'es',
    nomas: 'es',
    arret: 'fr',
    arreter: 'fr',
    annuler: 'fr',
    desabonner: 'fr',
  },
  optin: { join: 'en', start: 'en', unstop: 'en', yes: 'en', comenzar: 'es', si: 'es' },
  help: { help: 'en', info: 'en', ayuda: 'es', aide: 'fr' },
};

/** Words around a keyword that leave it a keyword: 'stop please', 'JOIN now', 'ayuda por favor'. */
const COURTESY = new Set([
  'please',
  'pls',
  'plz',
  'now',
  'ok',
  'okay',
  'thanks',
  'thank',
  'you',
  'again',
  'me',
  'por',
  'favor',
  'merci',
  'svp',
  'all',
]);

/** Words that make a short stop-like reply a joke or an aside: a person should read it. */
const LAUGHTER = new Set(['lol', 'lmao', 'haha', 'jk', 'hahaha']);

/**
 * The reply's text, lower-cased, without accents or apostrophes; a word spelt letter by letter
 * ('S T O P', 'S.T.O.P') is joined, and 'opt out', 'stop all', 'no más' are one word each.
 */
export function normalizeReply(body: string): string {
  return body
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019\u2018`]/g, '')
    .replace(/\b(?:\p{L}[\s.-]{1,2}){2,}\p{L}\b/gu, (letters) => letters.replace(/[\s.-]/g, ''))
    .replace(/\bopt[\s_-]*out\b/g, 'optout')
    .replace(/\bstop[\s_-]+all\b/g, 'stopall')
    .replace(/\bun[\s_-]+subscribe\b/g, 'unsubscribe')
    .replace(/\bno\s+mas\b/g, 'nomas');
}

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** True when `a` and `b` differ by one swap of neighbours, one letter doubled, or one left out. */
function oneSlipApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === b.length) {
    const at = [...a].findIndex((ch, i) => ch !== b[i]);
    return a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  const at = [...short].findIndex((ch, i) => ch !== long[i]);
  const i = at === -1 ? short.length : at;
  return short.slice(0, i) + long[i] + short.slice(i) === long;
}

/** The keyword a word is, misspelt by a slip at most (only for words too long to be others). */
function keywordOf(word: string): (Reading & { keyword: string }) | null {
  for (const [reading, words] of Object.entries(KEYWORDS) as [
    Exclude<ReplyReading, 'review' | 'none'>,
    Record<string, ReplyLanguage>,
  ][]) {
    // Own keys only: a reply of 'constructor' or '__proto__' is no keyword.
    const exact = Object.hasOwn(words, word) ? words[word] : undefined;
    if (exact) return { reading, language: exact, keyword: word };
  }
  for (const [keyword, language] of Object.entries(KEYWORDS.optout)) {
    // 'stop' misspelt stays 4-5 letters; 'spot' or 'step' are words, not slips of it.
    const slip = keyword === 'stop' ? /^s[tpo]{3,4}$/.test(word) : keyword.length >= 6;
    if (slip && oneSlipApart(word, keyword)) return { reading: 'optout', language, keyword };
  }
  return null;
}

/**
 * The keyword of `reading` a reply holds, upper-cased as the consent log keeps it, spelt right:
 * 'stop please' STOP, 'Opt-Out' OPTOUT, 'STPO' STOP, 'alto por favor' ALTO. Null for a request made
 * in a sentence ('Please take me off your list').
 */
export function keywordIn(body: string, reading: ReplyReading): string | null {
  const words = wordsOf(normalizeReply(body));
  for (const word of [...words, words.join('')]) {
    const keyword = keywordOf(word);
    if (keyword?.reading === reading) return keyword.keyword.toUpperCase();
  }
  return null;
}

/** A reply that is only a keyword, perhaps repeated, with courtesies and emoji around it. */
function keywordReply(words: string[]): Reading | 'aside' | null {
  // 'Opt otu': a keyword of two words, one of them misspelt.
  if (words.length === 2 && !keywordOf(words[0]!) && !keywordOf(words[1]!)) {
    const joined = keywordOf(words.join(''));
    if (joined) return { reading: joined.reading, language: joined.language };
  }
  let found: Reading | null = null;
  let laughing = false;
  for (const word of words) {
    const keyword = keywordOf(word);
    if (keyword) {
      if (found && found.reading !== keyword.reading) return null;
      found ??= { reading: keyword.reading, language: keyword.language };
    } else if (LAUGHTER.has(word)) laughing = true;
    else if (!COURTESY.has(word)) return null;
  }
  if (!found) return null;
  // A stop word with a laugh may be a joke; other keywords with one are just chat.
  if (laughing) return found.reading === 'optout' ? 'aside' : null;
  return found;
}

/** What is texted: the object of 'stop', 'quit', 'end', 'cancel' when the reply is about texts. */
const TEXTS =
  '(?:texting|texts?|sending|send|messaging|messages?|contacting|contact|communications?|sms|receiving|these|them|it all|all)';

/**
 * Sentences that ask Tidings to stop texting, each with its language. Matched on the normalised
 * text with words separated by single spaces.
 */
const REVOCATIONS: [RegExp, ReplyLanguage][] = [
  [new RegExp(`\\b(?:stop|stopall|quit|cease|end)(?: \\w+){0,2}? ${TEXTS}\\b`), 'en'],
  [new RegExp(`\\b${TEXTS.replace('(?:', '(?:these |the |all |your )?(?:')} (?:to )?end\\b`), 'en'],
  [/\b(?:unsubscribe|optout|revoke)\b/, 'en'],
  [/\b(?:withdraw|no longer (?:give )?consent|revoke)\b.*\bconsent\b|\bno longer consent\b/, 'en'],
  [/\bopt me out\b/, 'en'],
  [/\bremove (?:me|my number|this number|her number|his number|our number)\b/, 'en'],
  [
    /\btake (?:me|this number|my number) off(?:$| (?:(?:your|this|the|that|my) )?(?:(?:texting|text|sms|mailing) )?(?:list|texts|messages)\b)/,
    'en',
  ],
  [/\b(?:delete|lose) (?:my|this) number\b/, 'en'],
  [/\bleave me alone\b/, 'en'],
  [/\bno more (?:texts?|messages?|sms)\b/, 'en'],
  [/\b(?:dont|do not|never) (?:text|message|contact|sms|send)\b/, 'en'],
  [
    /\b(?:no longer|dont|do not) (?:want|wish) (?:to receive |these |any |them |your )?(?:\w+ ){0,3}?(?:texts?|messages?|sms|these)\b/,
    'en',
  ],
  [/\bcancel (?:my subscription|these|texts?|messages?|all|the texts|it all)\b/, 'en'],
  [/\bwant to cancel$/, 'en'],
  [/\bno me (?:manden|envien|escriban|mande|envie)\b/, 'es'],
  [/\b(?:dar|darme|denme) de baja\b/, 'es'],
  [/\bdejen de\b/, 'es'],
  [/\b(?:ya )?no quiero recibir\b/, 'es'],
  [/\b(?:borrenme|saquenme|quitenme|eliminen mi numero)\b/, 'es'],
  [/\bcancelar (?:suscripcion|mensajes)\b/, 'es'],
  [/\bnomas mensajes\b/, 'es'],
  [/\bno (?:enviarme|mandarme) mas\b/, 'es'],
  [/\barretez\b/, 'fr'],
  [/\bdesabonn/, 'fr'],
  [/\bne m ?envoyez plus\b|\bne plus m ?envoyer\b/, 'fr'],
  [/\bretirez moi\b/, 'fr'],
  [/\bne veux plus recevoir\b/, 'fr'],
];

/** A request that is negated as a whole: 'please don't ever stop', 'I don't want you to stop'. */
const NEGATED =
  /\b(?:dont|do not|never|not) (?:\w+ ){0,3}?(?:stop|unsubscribe|remove|optout|quit|end)\b|\bdont want to optout\b/;

/** Limits that make a request to stop partial: when, how often, which messages. */
const PARTIAL =
  /\b(?:on weekends?|so (?:early|late|many|much)|at \d|\d ?am|\d ?pm|in the morning|at night|reminders?|for (?:a|the|this|next) (?:week|month|class)|until|while|so late)\b/;

/** Stop-like replies whose meaning a person should decide. */
const DOUBTS: RegExp[] = [
  /^(?:can|could|may) (?:i|you|we) (?:stop|pause|skip|take)\b/,
  /^stop (?:by|worrying|spamming|it)\b/,
  /^quit it\b/,
  /\bpause\b/,
  /\b(?:take a |need a )?break\b/,
  /\bskip\b/,
  /^(?:enough|no|no more|nomas|im done|i want out|no thanks)$/,
  /\bhold (?:the |my )?(?:texts|messages)\b/,
  /\btoo (?:much|many)\b|\bso many (?:texts|messages)\b|\bless texts\b/,
  /\bkeep (?:texting|getting|sending)\b/,
  /\bwrong number\b|\bnumero equivocado\b|\bmauvais numero\b/,
  /\bdidnt sign up\b|\bnever signed up\b/,
  /\bnot interested\b|\bno me interesa\b|\bpas interesse\b/,
  /\bhow do i (?:unsubscribe|stop)\b|\bwhat happens if i (?:text|reply|send) stop\b|\bif i (?:text|reply) stop\b/,
  /\bstop calling\b/,
  /\bcancel my membership\b/,
  /\bdont need these\b/,
  /^(?:para|ya basta|ca suffit|fin)$/,
  /\bdemasiados mensajes\b|\btrop de messages\b/,
];

/**
 * Reads a reply. Everything of it counts: 'STOP. I never signed up for this' asks to stop, and a
 * long polite message asking to be removed does too.
 */
export function readReply(body: string): Reading {
  const text = normalizeReply(body);
  const words = wordsOf(text);
  const plain = words.join(' ');
  const hasStopSign = body.includes('\u{1F6D1}');
  if (words.length === 0) return { reading: hasStopSign ? 'review' : 'none', language: 'en' };

  const whole = keywordReply(words);
  if (whole === 'aside') return { reading: 'review', language: 'en' };
  if (whole) return whole;

  // A sentence of its own that is a stop keyword: 'STOP. I never signed up for this'.
  for (const sentence of text.split(/[.!?;]+/)) {
    const alone = keywordReply(wordsOf(sentence));
    if (alone && alone !== 'aside' && alone.reading === 'optout') return alone;
  }

  // Negation is read per sentence: 'This is not Maria, wrong number. Remove this number please'.
  const asked = text
    .split(/[.!?;]+/)
    .map((sentence) => wordsOf(sentence).join(' '))
    .filter((sentence) => sentence && !NEGATED.test(sentence));
  for (const [pattern, language] of REVOCATIONS) {
    if (!asked.some((sentence) => pattern.test(sentence))) continue;
    if (PARTIAL.test(plain) || LAUGHTER.has(words.at(-1)!)) return { reading: 'review', language };
    if (DOUBTS.some((doubt) => doubt.test(plain)) && !/\bplease\b/.test(plain)) {
      return { reading: 'review', language };
    }
    return { reading: 'optout', language };
  }
  if (DOUBTS.some((doubt) => doubt.test(plain))) return { reading: 'review', language: 'en' };
  return { reading: 'none', language: 'en' };
}
